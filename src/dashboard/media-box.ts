// A completed task's outputs in the dashboard: thumbnails and video, fetched through the control API.
import type { TaskView } from './answers.js'
import type { ControlApi } from './api.js'
import { el, sub } from './dom.js'

/**
 * A completed task's outputs: up to `max` thumbnails and its video, loaded from the control
 * API's media route as blob: URLs (the service's own media URLs would need the owner's key).
 * @example
 * cell.append(mediaBox(ui, task, 4))
 */
export function mediaBox({ media }: ControlApi, t: TaskView, max: number): HTMLElement {
  const box = el('div', { class: 'media' })
  if (t.status !== 1) return box
  const images = t.outputImageUrls ?? []
  images.slice(0, max).forEach((url, i) => {
    const img = el('img', {
      alt: `output ${i + 1}`,
      'data-url': url,
      ...(i === 0 ? { 'data-testid': 'thumbnail' } : {}),
    }) as HTMLImageElement
    void media(t, i).then((src) => src && (img.src = src))
    box.append(img)
  })
  if (images.length > max) box.append(sub(`+${images.length - max}`))
  if (t.outputVideoUrl) {
    const video = el('video', {
      'data-testid': 'video',
      'data-url': t.outputVideoUrl,
      controls: '',
      preload: 'metadata',
      muted: '',
      playsinline: '',
    }) as HTMLVideoElement
    void media(t, 0).then((src) => src && (video.src = src))
    box.append(video)
  }
  return box
}
