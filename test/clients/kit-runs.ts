import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { bash, docBlock, freePort, kitFolder, pathOf, type Ran } from './client-kits.js'

/**
 * The Python, Go and Java kits run by their own toolchains, as docs/test-kit-languages.md shows:
 * the page's commands and test file, beside a file of tests that break rules (unexpected, and
 * expected but never broken). `bin` is the standalone executable (test:dist); without it, a
 * script running dist/cli.cjs stands in for it (`npm test`). Each run is on GENMOCK_PORT, so a
 * test can tell that nothing answers there after it.
 */

export interface KitRun extends Ran {
  dir: string
  port: number
}

/**
 * How a kit runs: `bin`, the standalone executable (else a script standing in); more `env`; the
 * test files beside the page's.
 */
export interface KitOptions {
  bin?: string | undefined
  env?: Record<string, string>
  files?: Record<string, string>
}

const RELAY = '{"provider":"relay","model":"base-image-2","prompt":"a fox","resolution":"2K"}'

const PYTHON_BREACHES = `import shutil

from genmock import request

RELAY = ${RELAY}


def test_no_node_on_path():
    assert shutil.which("node") is None


def test_breaks_a_rule(genmock_world):
    key = {"authorization": f"Bearer {genmock_world.api_key}"}
    assert request(genmock_world.base_url, "POST", "/api/ai/image/generate", RELAY, key)[0] == 400


def test_expects_a_rule_never_broken(genmock_world):
    genmock_world.expect_finding("poll-too-soon")
`

/** pytest with the plugin installed offline in a venv, on a PATH with python3 only (no Node, no conftest.py). */
export async function pythonKit({ bin, env, files }: KitOptions = {}): Promise<KitRun> {
  const dir = kitFolder('python', bin)
  const port = await freePort()
  write(dir, { 'test_image.py': docBlock('python-kit.test.ts'), ...(files ?? { 'test_breaches.py': PYTHON_BREACHES }) })
  const PATH = pathOf(dir, ['python3'])
  const run = await bash(docBlock('python-kit.test.ts', 'install'), dir, { PATH, GENMOCK_PORT: String(port), ...env })
  return { ...run, dir, port }
}

const GO_BREACHES = `package client_test

import (
	"net/http"
	"os"
	"testing"
	"time"

	genmock "github.com/genmock/genmock/clients/go"
)

func TestBreaksARule(t *testing.T) {
	t.Parallel()
	submit(t, genmock.NewWorld(t), relay)
}

func TestExpectsARuleNeverBroken(t *testing.T) {
	t.Parallel()
	genmock.NewWorld(t).ExpectFinding("poll-too-soon")
}

// TestLocked, on a genmock locked by GENMOCK_ADMIN_TOKEN (KIT_LOCKED set): the kit sends the token.
func TestLocked(t *testing.T) {
	if os.Getenv("KIT_LOCKED") == "" {
		t.Skip("KIT_LOCKED is not set")
	}
	world := genmock.NewWorld(t)
	res, err := http.Get(world.BaseURL + "/__mock/clock")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 401 {
		t.Fatalf("GET /__mock/clock without the token answered %d", res.StatusCode)
	}
}

// TestStuck makes a world and hangs, for the test that kills the binary (KIT_STUCK set).
func TestStuck(t *testing.T) {
	if os.Getenv("KIT_STUCK") == "" {
		t.Skip("KIT_STUCK is not set")
	}
	genmock.NewWorld(t)
	time.Sleep(time.Hour)
}
`

/** The Go environment: no module proxy (offline), the user's build cache. */
export const goEnv = (): Record<string, string> => ({ PATH: '/usr/bin:/bin', GOPROXY: 'off', GOFLAGS: '-mod=mod' })

/** `go test -v ./...` in a new module pointed at clients/go. */
export async function goKit({ bin, env, files }: KitOptions = {}): Promise<KitRun> {
  const dir = kitFolder('go', bin)
  const port = await freePort()
  write(dir, { 'image_test.go': docBlock('go-kit.test.ts'), ...(files ?? { 'breaches_test.go': GO_BREACHES }) })
  const script = `go mod init example.com/client 2> /dev/null\n${docBlock('go-kit.test.ts', 'setup')}`
  const run = await bash(script, dir, { ...goEnv(), GENMOCK_PORT: String(port), ...env })
  return { ...run, dir, port }
}

const JAVA_BREACHES = `import dev.genmock.GenmockExtension;
import dev.genmock.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(GenmockExtension.class)
class BreachesTest {
  @Test
  void breaksARule(World world) throws Exception {
    ImageTest.submit(world, ImageTest.RELAY);
  }

  @Test
  void expectsARuleNeverBroken(World world) {
    world.expectFinding("poll-too-soon");
  }
}
`

/** javac against Debian's junit5, and JUnit's console launcher. */
export async function javaKit({ bin, env, files }: KitOptions = {}): Promise<KitRun> {
  const dir = kitFolder('java', bin)
  const port = await freePort()
  write(dir, { 'ImageTest.java': docBlock('java-kit.test.ts'), ...(files ?? { 'BreachesTest.java': JAVA_BREACHES }) })
  const run = await bash(docBlock('java-kit.test.ts', 'javac'), dir, {
    PATH: '/usr/bin:/bin',
    GENMOCK_PORT: String(port),
    ...env,
  })
  return { ...run, dir, port }
}

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
}
