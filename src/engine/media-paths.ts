/** Where output media are served. The engine writes these into snapshots; the handlers route them. */
export const MEDIA_PATHS = {
  image: '/media/images/:taskId/:file',
  video: '/media/videos/:file',
} as const

/**
 * @example
 * imagePath('tsk_1', 0) // '/media/images/tsk_1/0.png'
 */
export const imagePath = (taskId: string, index: number) => `/media/images/${encodeURIComponent(taskId)}/${index}.png`
/**
 * @example
 * videoPath('tsk_1') // '/media/videos/tsk_1.mp4'
 */
export const videoPath = (taskId: string) => `/media/videos/${encodeURIComponent(taskId)}.mp4`
