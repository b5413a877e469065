/** The routes output media are served on: the URLs a snapshot gives (contract/media-urls.ts). */
export const MEDIA_PATHS = {
  image: '/media/images/:taskId/:file',
  video: '/media/videos/:file',
} as const
