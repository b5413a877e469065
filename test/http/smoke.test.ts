import { expect, it } from 'vitest'
import { advance, getTask, IMAGE, submitImage } from '../support/api.js'
import { eachDoor } from '../support/doors.js'

eachDoor('image task, end to end', (door) => {
  it('is accepted pending, completes within 12 s of simulated time, and its image resolves', async () => {
    const submitted = await submitImage(door(), IMAGE)
    expect(submitted.status).toBe(200)
    const { taskId } = (await submitted.json()) as { taskId: string }
    expect(((await (await getTask(door(), taskId)).json()) as { status: number }).status).toBe(0)
    await advance(door(), 12)
    const task = (await (await getTask(door(), taskId)).json()) as { status: number; outputImageUrls: string[] }
    expect(task.status).toBe(1)
    expect(task.outputImageUrls[0]!.startsWith(door().baseUrl)).toBe(true)
    const png = await door().fetch(task.outputImageUrls[0]!.slice(door().baseUrl.length))
    expect(png.status).toBe(200)
    expect(png.headers.get('content-type')).toBe('image/png')
  })
})
