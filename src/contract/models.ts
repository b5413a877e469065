/**
 * The model catalogue: every image and video model the interface names, with what a request may
 * ask of it. Values the interface gives are marked "interface"; the rest are simulator choices,
 * listed in the table of docs/where-the-interface-is-silent.md. Credit amounts the interface does
 * not give live in fixtures/pricing.json, not here.
 */

export const IMAGE_MODEL_IDS = ['base-image-2', 'base-image-pro', 'general-image-2', 'vendor-a/base-image'] as const
export type ImageModelId = (typeof IMAGE_MODEL_IDS)[number]

export const VIDEO_MODEL_IDS = [
  'video-a/v2-1-standard',
  'video-a/v2-1-pro',
  'video-a/v2-1-master-text-to-video',
  'video-b-text-to-video',
  'video-b-pro-text-to-video',
  'video-b-image-to-video',
  'video-c/02-text-to-video-standard',
  'video-c/02-text-to-video-pro',
  'video-c/02-image-to-video-standard',
  'video-c/02-image-to-video-pro',
  'video-d_fast',
  'video-d',
  'video-d_lite',
  'video-e/2-6-text-to-video',
  'video-e/2-6-image-to-video',
  'video-f/1.5-pro',
] as const
export type VideoModelId = (typeof VIDEO_MODEL_IDS)[number]

export const IMAGE_TIERS = ['1K', '2K', '4K'] as const
export type ImageTier = (typeof IMAGE_TIERS)[number]

export const INPUT_MODES = ['text_to_video', 'image_to_video'] as const
export type InputMode = (typeof INPUT_MODES)[number]

export type ImageMode = 'text-to-image' | 'image-to-image'

/** Credits the interface itself states; exact, and tested as such. */
export type InterfacePricing =
  | { kind: 'per-call'; credits: number }
  | { kind: 'per-output-by-tier'; credits: Partial<Record<ImageTier, number>> }

export interface ImageModel {
  id: ImageModelId
  type: 'image'
  modes: readonly ImageMode[]
  maxReferenceImages: number
  promptMaxLength: number
  aspectRatios: readonly string[]
  negativePrompt: boolean
  /** Tiers a request can resolve to (tiered models only), and the tier when nothing says. */
  tiers?: { allowed: readonly ImageTier[]; default: ImageTier }
  /** Absent: the credits come from fixtures/pricing.json (a simulator value). */
  pricing?: InterfacePricing
  /** Relay shape: the resolutions it accepts; empty means no application pricing, so no relay. */
  relayResolutions: readonly string[]
}

export interface VideoModel {
  id: VideoModelId
  type: 'video'
  family: 'video-a' | 'video-b' | 'video-c' | 'video-d' | 'video-e' | 'video-f'
  modes: readonly InputMode[]
  promptMaxLength: number
  aspectRatios: readonly string[]
  /** The first is used when a request gives no duration. */
  durations: readonly number[]
}

const BOTH_IMAGE_MODES: readonly ImageMode[] = ['text-to-image', 'image-to-image']
// Simulator choice: the interface lists ratios only for vendor-a/base-image.
const WIDE_RATIOS = ['auto', '1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9']

export const IMAGE_MODELS: Record<ImageModelId, ImageModel> = {
  'vendor-a/base-image': {
    id: 'vendor-a/base-image',
    type: 'image',
    modes: BOTH_IMAGE_MODES,
    maxReferenceImages: 10,
    promptMaxLength: 5000,
    aspectRatios: ['auto', '1:1', '16:9', '9:16', '4:3', '3:4'],
    negativePrompt: false,
    pricing: { kind: 'per-call', credits: 3 },
    relayResolutions: [],
  },
  'base-image-2': {
    id: 'base-image-2',
    type: 'image',
    modes: BOTH_IMAGE_MODES,
    maxReferenceImages: 14,
    promptMaxLength: 20000,
    aspectRatios: WIDE_RATIOS,
    negativePrompt: true,
    tiers: { allowed: ['1K', '2K', '4K'], default: '1K' },
    pricing: { kind: 'per-output-by-tier', credits: { '1K': 4, '2K': 6, '4K': 8 } },
    relayResolutions: ['1K', '2K', '4K'],
  },
  'base-image-pro': {
    id: 'base-image-pro',
    type: 'image',
    modes: BOTH_IMAGE_MODES,
    maxReferenceImages: 8,
    promptMaxLength: 10000,
    aspectRatios: WIDE_RATIOS,
    negativePrompt: false,
    tiers: { allowed: ['2K', '4K'], default: '2K' },
    pricing: { kind: 'per-output-by-tier', credits: { '2K': 12, '4K': 20 } },
    relayResolutions: ['2K', '4K'],
  },
  'general-image-2': {
    id: 'general-image-2',
    type: 'image',
    modes: BOTH_IMAGE_MODES,
    maxReferenceImages: 4,
    promptMaxLength: 20000,
    aspectRatios: ['auto', '1:1', '2:3', '3:2', '9:16', '16:9'],
    negativePrompt: true,
    relayResolutions: ['1K', '2K'],
  },
}

const T2V: readonly InputMode[] = ['text_to_video']
const I2V: readonly InputMode[] = ['image_to_video']
const BOTH: readonly InputMode[] = ['text_to_video', 'image_to_video']
const RATIOS = ['16:9', '9:16', '1:1']

function video(
  id: VideoModelId,
  family: VideoModel['family'],
  modes: readonly InputMode[],
  durations: readonly number[],
  aspectRatios = RATIOS,
): VideoModel {
  return { id, type: 'video', family, modes, promptMaxLength: 5000, aspectRatios, durations }
}

export const VIDEO_MODELS: Record<VideoModelId, VideoModel> = {
  'video-a/v2-1-standard': video('video-a/v2-1-standard', 'video-a', I2V, [5, 10]),
  'video-a/v2-1-pro': video('video-a/v2-1-pro', 'video-a', I2V, [5, 10]),
  'video-a/v2-1-master-text-to-video': video('video-a/v2-1-master-text-to-video', 'video-a', T2V, [5, 10]),
  'video-b-text-to-video': video('video-b-text-to-video', 'video-b', T2V, [5, 10]),
  'video-b-pro-text-to-video': video('video-b-pro-text-to-video', 'video-b', T2V, [5, 10]),
  'video-b-image-to-video': video('video-b-image-to-video', 'video-b', I2V, [5, 10]),
  'video-c/02-text-to-video-standard': video('video-c/02-text-to-video-standard', 'video-c', T2V, [5, 10]),
  'video-c/02-text-to-video-pro': video('video-c/02-text-to-video-pro', 'video-c', T2V, [5, 10, 15, 20]),
  'video-c/02-image-to-video-standard': video('video-c/02-image-to-video-standard', 'video-c', I2V, [5, 10]),
  'video-c/02-image-to-video-pro': video('video-c/02-image-to-video-pro', 'video-c', I2V, [5, 10, 15, 20]),
  'video-d_fast': video('video-d_fast', 'video-d', BOTH, [8], ['16:9', '9:16']),
  'video-d': video('video-d', 'video-d', BOTH, [8], ['16:9', '9:16']),
  'video-d_lite': video('video-d_lite', 'video-d', BOTH, [8], ['16:9', '9:16']),
  'video-e/2-6-text-to-video': video('video-e/2-6-text-to-video', 'video-e', T2V, [5, 10]),
  'video-e/2-6-image-to-video': video('video-e/2-6-image-to-video', 'video-e', I2V, [5, 10]),
  'video-f/1.5-pro': video('video-f/1.5-pro', 'video-f', BOTH, [5, 10, 15, 20], ['16:9', '9:16', '1:1', '4:3', '3:4']),
}

export const RELAY_MODEL_IDS = IMAGE_MODEL_IDS.filter((id) => IMAGE_MODELS[id].relayResolutions.length > 0)
