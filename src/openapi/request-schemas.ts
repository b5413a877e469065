/** The service document's request bodies: every shape a submission takes, from the engine's own zod schemas. */
import { imageRequestSchemaFor } from '../contract/image-request.js'
import { IMAGE_MODEL_IDS, RELAY_MODEL_IDS, VIDEO_MODEL_IDS, VIDEO_MODELS } from '../contract/models.js'
import { videoRequestSchemaFor } from '../contract/video-request.js'
import { jsonSchema, keyed } from './json-schema.js'

/** Every request shape of POST /api/ai/image/generate: one branch per (provider, model). */
export function imageRequest() {
  const standard = IMAGE_MODEL_IDS.map((model) =>
    keyed(jsonSchema(imageRequestSchemaFor({ model }), 'input'), { model }, `Standard shape, ${model}`),
  )
  const relay = RELAY_MODEL_IDS.map((model) =>
    keyed(
      jsonSchema(imageRequestSchemaFor({ provider: 'relay', model }), 'input'),
      { provider: 'relay', model },
      `Relay shape, ${model}`,
    ),
  )
  return {
    description:
      'The standard shape (provider omitted, or upstream-a) or the relay shape (provider ' +
      "relay, which needs an Idempotency-Key). One branch per model: each states that model's " +
      'prompt cap, reference images, aspect ratios and negativePrompt support; relay branches ' +
      'exist only for the models with application pricing, with their resolutions.',
    required: true,
    content: {
      'application/json': {
        schema: { oneOf: [...standard, ...relay] },
        examples: {
          standard: {
            summary: 'Text to image',
            value: { model: 'base-image-2', prompt: 'a red fox in the snow', aspectRatio: '16:9', numOutputs: 2 },
          },
          edit: {
            summary: 'Image to image (inputImageUrls makes it an edit)',
            value: {
              model: 'vendor-a/base-image',
              prompt: 'the same fox, at night',
              inputImageUrls: ['https://images.example.com/fox.png'],
            },
          },
          upstreamA: {
            summary: 'The standard shape through upstream-a',
            value: {
              provider: 'upstream-a',
              model: 'general-image-2',
              prompt: 'a harbour at dawn',
              aspectRatio: '3:2',
            },
          },
          relay: {
            summary: 'The relay shape (send an Idempotency-Key)',
            value: { provider: 'relay', model: 'base-image-2', prompt: 'a lighthouse', resolution: '2K' },
          },
        },
      },
    },
  }
}

/** Every request shape of POST /api/ai/video/generate: one branch per (model, inputMode). */
export function videoRequest() {
  const branches = VIDEO_MODEL_IDS.flatMap((model) =>
    VIDEO_MODELS[model].modes.map((inputMode) =>
      keyed(
        jsonSchema(videoRequestSchemaFor({ model, inputMode }), 'input'),
        { model, inputMode },
        `${model}, ${inputMode}`,
      ),
    ),
  )
  return {
    description:
      'One branch per model and input mode the model supports. model and inputMode are ' +
      "required (genmock's reading: the interface does not say); text_to_video needs a prompt and " +
      'takes no inputImageUrls; image_to_video needs at least one inputImageUrls entry (only the first ' +
      "is used). duration is one the model allows; omitted, the model's first.",
    required: true,
    content: {
      'application/json': {
        schema: { oneOf: branches },
        examples: {
          textToVideo: {
            summary: 'Text to video',
            value: { model: 'video-d', inputMode: 'text_to_video', prompt: 'waves at dusk' },
          },
          imageToVideo: {
            summary: 'Image to video',
            value: {
              model: 'video-f/1.5-pro',
              inputMode: 'image_to_video',
              prompt: 'the fox starts to run',
              inputImageUrls: ['https://images.example.com/fox.png'],
              duration: 10,
              aspectRatio: '16:9',
            },
          },
        },
      },
    },
  }
}
