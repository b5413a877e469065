/**
 * Where output media are served. The engine writes these into snapshots; the handlers route them.
 * @example
 * imagePath('tsk_1', 0) // '/media/images/tsk_1/0.png'
 */
export const MEDIA_ROUTES = {
  image: '/media/images/:taskId/:file',
  video: '/media/videos/:file',
} as const

export const imagePath = (taskId: string, index: number) => `/media/images/${encodeURIComponent(taskId)}/${index}.png`
export const videoPath = (taskId: string) => `/media/videos/${encodeURIComponent(taskId)}.mp4`
