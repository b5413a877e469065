import { expect, it } from 'vitest'
import { advance, post } from '../support/api.js'
import { eachDoor, START } from '../support/doors.js'
import { generateRelayImage } from './relay-client.js'

/**
 * The well-behaved relay client passes with zero findings,
 * whether the test moves the clock or the client really sleeps.
 */

eachDoor('a well-behaved relay client, manual clock (the test advances it)', (door) => {
  it('completes two jobs, one through a dropped connection, with no conformance finding', async () => {
    const keys = new Map<string, string>()
    const options = {
      baseUrl: door().baseUrl,
      apiKey: 'sk_test_alice',
      keys,
      sleep: (seconds: number) => advance(door(), seconds),
    }
    const first = await generateRelayImage('a', 'a lighthouse', options)
    // The first attempt is dropped after the commit; the retry, with the same key, gets the stored task.
    const second = await generateRelayImage('b', 'a harbour', {
      ...options,
      headers: { 'x-mock-scenario': 'drop-after-commit' },
    })
    expect([first.task.status, second.task.status]).toEqual([1, 1])
    expect(
      door()
        .engine.journal.find({ method: 'POST' })
        .map((e) => [e.dropped ?? false, e.replayed ?? false]),
    ).toEqual([
      [false, true],
      [true, false],
      [false, false],
    ])
    expect(new Uint8Array(first.image).subarray(1, 4)).toEqual(new TextEncoder().encode('PNG'))
    const report = (await (await door().fetch('/__mock/conformance')).json()) as { total: number }
    expect(report.total).toBe(0)
    door().engine.conformance.assertClean()
  })

  it('the same client polling without waiting is caught, and assertClean says what it broke', async () => {
    const options = {
      baseUrl: door().baseUrl,
      apiKey: 'sk_test_alice',
      keys: new Map<string, string>(),
      sleep: (seconds: number) => advance(door(), seconds / 5),
    }
    await generateRelayImage('c', 'an impatient fox', options)
    expect(() => door().engine.conformance.assertClean()).toThrow(/poll-too-soon: relay task read 1\.0 s after/)
    await post(door(), '/__mock/reset', {})
  })
})

eachDoor(
  'a well-behaved relay client, real clock (the client really sleeps)',
  (door) => {
    it('completes a job with no conformance finding', async () => {
      const options = {
        baseUrl: door().baseUrl,
        apiKey: 'sk_test_alice',
        keys: new Map<string, string>(),
        sleep: (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, (seconds * 1000) / 50)),
      }
      const { task } = await generateRelayImage('d', 'a patient fox', options)
      expect(task.status).toBe(1)
      door().engine.conformance.assertClean()
    })
  },
  () => ({ seed: 7, clock: { mode: 'real', speed: 50, start: START } }),
)
