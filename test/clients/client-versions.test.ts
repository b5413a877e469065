import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from './client-kits.js'

/**
 * The Python, Go and Java kits' build files kept in step (docs/test-kit-languages.md): the Java
 * kit's pom.xml and build.gradle name the same artifact, version, JUnit API and Java release, the
 * JUnit version being the one Debian's junit5 builds it with here; the Python and Java kits carry
 * the npm package's version; the Go module is the one the page names, for Go 1.19.
 */

const read = (...path: string[]) => readFileSync(join(ROOT, ...path), 'utf8')
const one = (text: string, pattern: RegExp, what: string) => {
  const found = pattern.exec(text)?.[1]
  if (found === undefined) throw new Error(`no ${what}`)
  return found
}
const VERSION = (JSON.parse(read('package.json')) as { version: string }).version

describe('the kits build files', () => {
  const pom = read('clients', 'java', 'pom.xml')
  const gradle = read('clients', 'java', 'build.gradle')
  const pomed = {
    group: one(pom, /<groupId>(dev\.genmock)<\/groupId>/, 'pom groupId'),
    artifact: one(pom, /<artifactId>(genmock-[\w-]+)<\/artifactId>/, 'pom artifactId'),
    version: one(pom, /<artifactId>genmock-[\w-]+<\/artifactId>\s*<version>([^<]+)<\/version>/, 'pom version'),
    junit: one(pom, /<junit\.version>([^<]+)<\/junit\.version>/, 'pom junit.version'),
    java: one(pom, /<maven\.compiler\.release>(\d+)<\/maven\.compiler\.release>/, 'pom release'),
  }

  it('pom.xml and build.gradle: the same group, artifact, version, JUnit Jupiter API and Java release', () => {
    expect({
      group: one(gradle, /^group = '([^']+)'/m, 'gradle group'),
      artifact: one(gradle, /artifactId = '([^']+)'/, 'gradle artifactId'),
      version: one(gradle, /^version = '([^']+)'/m, 'gradle version'),
      junit: one(gradle, /'org\.junit\.jupiter:junit-jupiter-api:([^']+)'/, 'gradle junit'),
      java: one(gradle, /JavaLanguageVersion\.of\((\d+)\)/, 'gradle Java version'),
    }).toEqual(pomed)
    expect(read('clients', 'java', 'settings.gradle')).toContain(`rootProject.name = '${pomed.artifact}'`)
    expect(pomed.java).toBe('17')
  })

  it("the Java and Python kits carry the npm package's version; the docs name the Java artifact so", () => {
    expect(pomed.version).toBe(VERSION)
    expect(one(read('clients', 'python', 'pyproject.toml'), /^version = "([^"]+)"/m, 'pyproject version')).toBe(VERSION)
    expect(read('docs', 'test-kit-languages.md')).toContain(`\`${pomed.group}:${pomed.artifact}:${pomed.version}\``)
  })

  it("the JUnit version is Debian's junit5 here, which the kit is built against", () => {
    const dir = '/usr/share/java'
    const debian = (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [])
      .map((f) => /^junit-jupiter-api-([\d.]+)\.jar$/.exec(f.name)?.[1])
      .filter((v) => v !== undefined)
    if (debian.length > 0) expect(debian).toContain(pomed.junit)
  })

  it('the Go module is the one the page names, for Go 1.19', () => {
    const mod = read('clients', 'go', 'go.mod')
    expect(mod).toContain('module github.com/genmock/genmock/clients/go\n')
    expect(mod).toContain('\ngo 1.19\n')
    expect(read('docs', 'test-kit-languages.md')).toContain('`github.com/genmock/genmock/clients/go`')
  })
})
