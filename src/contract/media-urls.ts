// Where the service serves output media: the paths of a snapshot's outputImageUrls and outputVideoUrl
// (the routes that serve them: handlers/route-table.ts).

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
