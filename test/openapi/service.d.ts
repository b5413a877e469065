export interface paths {
    "/api/ai/image/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit an image task (standard or relay shape)
         * @description Pre-debits the credits and answers the task id; poll GET /api/ai/tasks/{id} until status 1 or 2. A scenario's submit.reject may answer any 4xx or 5xx with the body its file gives; keep the interface's body for the statuses below to stay within this document.
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **relay-needs-idempotency-key** (interface): The relay shape (provider relay) needs the Idempotency-Key header; OpenAPI cannot make a header required by a body field. Missing, it is an issue of the request in the header Idempotency-Key.
         *     - **credits** (interface): The account must hold the credits the request costs, or it is 402 Insufficient credits with `required`. Standard shape: base-image-2: 4 at 1K, 6 at 2K, 8 at 4K per output; base-image-pro: 12 at 2K, 20 at 4K per output; general-image-2: per output, the simulator price GET /api/ai/models lists; vendor-a/base-image: 3 per call. Relay shape: per output, the price of the resolution in the model's relayPricing (GET /api/ai/models; simulator values).
         *     - **image-tier** (genmock): The tier base-image-2 and base-image-pro are priced at: providerInput.resolution (1K, 2K or 4K) when the model has it, else from max(width, height): up to 1024 is 1K, up to 2048 2K, above that 4K; else the model's default (1K; base-image-pro, which has no 1K, 2K). providerInput is otherwise not checked.
         *     - **url-parsing** (genmock): An inputImageUrls item is read by the WHATWG URL parser after trimming surrounding whitespace: it must be absolute, with http or https written as `http://` or `https://`. The schema states this as `format: uri` with a pattern; they agree on URLs written as RFC 3986 says, and the parser alone judges the rest: it also takes surrounding spaces, tabs and line breaks inside, and unencoded non-ASCII; it refuses an IPv4 address with a part above 255 and a port above 65535, which `format: uri` lets through.
         *     - **scenario-choice** (genmock): genmock only: a `[mock:NAME]` directive in the prompt, `X-Mock-Scenario: NAME` or `Prefer: scenario=NAME` must name a loaded scenario (GET /__mock/scenarios); an unknown name is an issue of the request. The scenario then decides the answer: a rejection or fault (any 4xx or 5xx, with the body the scenario file gives), a success status other than 200, a dropped connection.
         *     - **idempotency** (interface): With an Idempotency-Key, a retry with the same body (canonical JSON, key order ignored) by the same account replays the original answer with `Idempotent-Replayed: true`, for 24 hours of simulated time by default; the same key with another body is 422, and while the first request is still being answered 409. A refused request (400, 402, a scenario rejection) does not use up its key.
         *     - **body-limits** (genmock): The body is JSON (`Content-Type: application/json`, valid UTF-8) of at most 1048576 bytes (413 past it) and 64 levels of nesting (400 past it).
         *     - **strict-conformance** (genmock): genmock only: in strict mode (--strict, or strict on the account) a request that breaks a client conformance rule is refused with the rule's status and `{error: 'Conformance: …', rule}` (docs/conformance-and-coverage.md, Client conformance).
         *     - **sparse** (genmock): genmock only: with sparse answers on, as the request's `Prefer: sparse` (random), `sparse=random`, `sparse=all` or `sparse=off` asks, else the task's scenario's `sparse`, else the server's --sparse, the submission response and the task snapshot leave out the fields the interface does not say are always present: `random` on a coin drawn from the seed per field and answer, `all` every one. They may vanish: id (the same opaque identifier as taskId, which is kept); type (the client knows what it submitted; a completed task keeps its outputImageUrls or outputVideoUrl); model; prompt; createdAt; updatedAt; creditsUsed (kept on submissions: the caller reads the credits charged from the submission response, What the service does 4); relayStatus (kept at status 2, when the caller reads it: States and transitions); creditRefunded (kept at status 2, when the caller reads it: States and transitions, rule 5); submissionUncertain (kept when true: the interface says it is set when a relay submission is uncertain, so its absence means certain); providerTaskId; requestId; httpRequestId; upstreamHttpStatus; effectiveWatermark; demo; expiresAt. Never left out when the full answer has them: taskId (GET /api/ai/tasks/{id} takes the taskId a generate endpoint returned); status (every next step of the caller depends on it: States and transitions); outputImageUrls (status 1 of an image task: read outputImageUrls); outputVideoUrl (status 1 of a video task: read outputVideoUrl); errorCode (status 2: read errorCode); errorMessage (status 2: read errorMessage); pollAfterSeconds (relay tasks: the response carries pollAfterSeconds, States and transitions rule 3). Any other sparse value in Prefer is an issue of the request in the header Prefer. An Idempotency-Key replay answers as the original did.
         */
        post: operations["submitImageTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ai/video/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a video task
         * @description Pre-debits the credits and answers the task id; videos take 30 to 120 seconds. A scenario's submit.reject may answer any 4xx or 5xx with the body its file gives; keep the interface's body for the statuses below to stay within this document.
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **credits** (interface): The account must hold the credits the task costs, or it is 402 Insufficient credits with `required`: a price per model and duration, the model's pricing in GET /api/ai/models (simulator values).
         *     - **url-parsing** (genmock): An inputImageUrls item is read by the WHATWG URL parser after trimming surrounding whitespace: it must be absolute, with http or https written as `http://` or `https://`. The schema states this as `format: uri` with a pattern; they agree on URLs written as RFC 3986 says, and the parser alone judges the rest: it also takes surrounding spaces, tabs and line breaks inside, and unencoded non-ASCII; it refuses an IPv4 address with a part above 255 and a port above 65535, which `format: uri` lets through.
         *     - **scenario-choice** (genmock): genmock only: a `[mock:NAME]` directive in the prompt, `X-Mock-Scenario: NAME` or `Prefer: scenario=NAME` must name a loaded scenario (GET /__mock/scenarios); an unknown name is an issue of the request. The scenario then decides the answer: a rejection or fault (any 4xx or 5xx, with the body the scenario file gives), a success status other than 200, a dropped connection.
         *     - **idempotency** (interface): With an Idempotency-Key, a retry with the same body (canonical JSON, key order ignored) by the same account replays the original answer with `Idempotent-Replayed: true`, for 24 hours of simulated time by default; the same key with another body is 422, and while the first request is still being answered 409. A refused request (400, 402, a scenario rejection) does not use up its key.
         *     - **body-limits** (genmock): The body is JSON (`Content-Type: application/json`, valid UTF-8) of at most 1048576 bytes (413 past it) and 64 levels of nesting (400 past it).
         *     - **strict-conformance** (genmock): genmock only: in strict mode (--strict, or strict on the account) a request that breaks a client conformance rule is refused with the rule's status and `{error: 'Conformance: …', rule}` (docs/conformance-and-coverage.md, Client conformance).
         *     - **sparse** (genmock): genmock only: with sparse answers on, as the request's `Prefer: sparse` (random), `sparse=random`, `sparse=all` or `sparse=off` asks, else the task's scenario's `sparse`, else the server's --sparse, the submission response and the task snapshot leave out the fields the interface does not say are always present: `random` on a coin drawn from the seed per field and answer, `all` every one. They may vanish: id (the same opaque identifier as taskId, which is kept); type (the client knows what it submitted; a completed task keeps its outputImageUrls or outputVideoUrl); model; prompt; createdAt; updatedAt; creditsUsed (kept on submissions: the caller reads the credits charged from the submission response, What the service does 4); relayStatus (kept at status 2, when the caller reads it: States and transitions); creditRefunded (kept at status 2, when the caller reads it: States and transitions, rule 5); submissionUncertain (kept when true: the interface says it is set when a relay submission is uncertain, so its absence means certain); providerTaskId; requestId; httpRequestId; upstreamHttpStatus; effectiveWatermark; demo; expiresAt. Never left out when the full answer has them: taskId (GET /api/ai/tasks/{id} takes the taskId a generate endpoint returned); status (every next step of the caller depends on it: States and transitions); outputImageUrls (status 1 of an image task: read outputImageUrls); outputVideoUrl (status 1 of a video task: read outputVideoUrl); errorCode (status 2: read errorCode); errorMessage (status 2: read errorMessage); pollAfterSeconds (relay tasks: the response carries pollAfterSeconds, States and transitions rule 3). Any other sparse value in Prefer is an issue of the request in the header Prefer. An Idempotency-Key replay answers as the original did.
         */
        post: operations["submitVideoTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ai/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a task
         * @description Statuses 1 and 2 are terminal. Relay tasks carry pollAfterSeconds: wait at least that long, and at least 5 seconds, between reads.
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **ownership** (interface): A task is visible only to the account that created it: another account reads 404 Task not found, never 403.
         *     - **strict-conformance** (genmock): genmock only: in strict mode a relay task read sooner than max(pollAfterSeconds, 5) seconds after its submission or previous read is refused with 429 and Retry-After; a key sent from a page with 403.
         *     - **sparse** (genmock): genmock only: with sparse answers on, as the request's `Prefer: sparse` (random), `sparse=random`, `sparse=all` or `sparse=off` asks, else the task's scenario's `sparse`, else the server's --sparse, the submission response and the task snapshot leave out the fields the interface does not say are always present: `random` on a coin drawn from the seed per field and answer, `all` every one. They may vanish: id (the same opaque identifier as taskId, which is kept); type (the client knows what it submitted; a completed task keeps its outputImageUrls or outputVideoUrl); model; prompt; createdAt; updatedAt; creditsUsed (kept on submissions: the caller reads the credits charged from the submission response, What the service does 4); relayStatus (kept at status 2, when the caller reads it: States and transitions); creditRefunded (kept at status 2, when the caller reads it: States and transitions, rule 5); submissionUncertain (kept when true: the interface says it is set when a relay submission is uncertain, so its absence means certain); providerTaskId; requestId; httpRequestId; upstreamHttpStatus; effectiveWatermark; demo; expiresAt. Never left out when the full answer has them: taskId (GET /api/ai/tasks/{id} takes the taskId a generate endpoint returned); status (every next step of the caller depends on it: States and transitions); outputImageUrls (status 1 of an image task: read outputImageUrls); outputVideoUrl (status 1 of a video task: read outputVideoUrl); errorCode (status 2: read errorCode); errorMessage (status 2: read errorMessage); pollAfterSeconds (relay tasks: the response carries pollAfterSeconds, States and transitions rule 3). Any other sparse value in Prefer is an issue of the request in the header Prefer. An Idempotency-Key replay answers as the original did.
         */
        get: operations["getTask"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ai/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the models, their limits and pricing
         * @description Every image and video model with its modes, reference image cap, prompt cap, aspect ratios, durations, negativePrompt support, pricing and, for relay, its resolutions and relayPricing.
         */
        get: operations["listModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/images/{taskId}/{index}.png": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A completed image task's output
         * @description The PNG outputImageUrls names (long side 256 px, the request's aspect ratio). Public, except the media of relay tasks: those need the owner's credential (the bearer key or the session cookie), else 401.
         */
        get: operations["getOutputImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/videos/{taskId}.mp4": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A completed video task's output, with byte ranges
         * @description The MP4 outputVideoUrl names; one byte range (RFC 9110 §14) per request. Public, except the media of relay tasks: those need the owner's credential (the bearer key or the session cookie), else 401.
         */
        get: operations["getOutputVideo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        SubmissionResponse: {
            taskId: string;
            /** @enum {integer} */
            status: 0 | 1 | 2;
            creditsUsed: number;
            relayStatus?: string;
            providerTaskId?: string;
            requestId?: string;
            httpRequestId?: string;
            upstreamHttpStatus?: number;
            pollAfterSeconds?: number;
            submissionUncertain?: boolean;
            effectiveWatermark?: boolean;
            demo?: boolean;
            /** Format: date-time */
            expiresAt?: string;
            creditRefunded?: boolean;
        };
        TaskSnapshot: {
            taskId: string;
            /** @enum {integer} */
            status: 0 | 1 | 2;
            creditsUsed?: number;
            relayStatus?: string;
            providerTaskId?: string;
            requestId?: string;
            httpRequestId?: string;
            upstreamHttpStatus?: number;
            pollAfterSeconds?: number;
            submissionUncertain?: boolean;
            effectiveWatermark?: boolean;
            demo?: boolean;
            /** Format: date-time */
            expiresAt?: string;
            creditRefunded?: boolean;
            id?: string;
            /** @enum {string} */
            type?: "image" | "video";
            model?: string;
            prompt?: string;
            errorCode?: string;
            errorMessage?: string;
            /** Format: date-time */
            createdAt?: string;
            /** Format: date-time */
            updatedAt?: string;
            outputImageUrls?: string[];
            /** Format: uri */
            outputVideoUrl?: string;
        };
        /** @description The interface names GET /api/ai/models as the source of model identifiers but does not show its shape: this shape is genmock's. relayPricing (genmock's name) gives the relay (application) price per resolution. */
        ModelList: {
            models: {
                /** @enum {string} */
                id: "base-image-2" | "base-image-pro" | "general-image-2" | "vendor-a/base-image" | "video-a/v2-1-standard" | "video-a/v2-1-pro" | "video-a/v2-1-master-text-to-video" | "video-b-text-to-video" | "video-b-pro-text-to-video" | "video-b-image-to-video" | "video-c/02-text-to-video-standard" | "video-c/02-text-to-video-pro" | "video-c/02-image-to-video-standard" | "video-c/02-image-to-video-pro" | "video-d_fast" | "video-d" | "video-d_lite" | "video-e/2-6-text-to-video" | "video-e/2-6-image-to-video" | "video-f/1.5-pro";
                /** @enum {string} */
                type: "image" | "video";
                modes: ("text-to-image" | "image-to-image" | "text_to_video" | "image_to_video")[];
                maxReferenceImages: number;
                promptMaxLength: number;
                aspectRatios: string[];
                durations: number[] | null;
                negativePrompt: boolean;
                pricing: {
                    /** @constant */
                    kind: "per-call";
                    credits: number;
                    simulatorValue: boolean;
                } | {
                    /** @constant */
                    kind: "per-output";
                    credits: number;
                    simulatorValue: boolean;
                } | {
                    /** @constant */
                    kind: "per-output-by-tier";
                    credits: {
                        [key: string]: number;
                    };
                    simulatorValue: boolean;
                } | {
                    /** @constant */
                    kind: "by-duration";
                    credits: {
                        [key: string]: number;
                    };
                    simulatorValue: boolean;
                };
                applicationPricing: boolean;
                resolutions: string[];
                relayPricing?: {
                    /** @constant */
                    kind: "per-call";
                    credits: number;
                    simulatorValue: boolean;
                } | {
                    /** @constant */
                    kind: "per-output";
                    credits: number;
                    simulatorValue: boolean;
                } | {
                    /** @constant */
                    kind: "per-output-by-tier";
                    credits: {
                        [key: string]: number;
                    };
                    simulatorValue: boolean;
                } | {
                    /** @constant */
                    kind: "by-duration";
                    credits: {
                        [key: string]: number;
                    };
                    simulatorValue: boolean;
                };
            }[];
        };
        InvalidRequest: {
            /** @constant */
            error: "Invalid request";
            details: {
                issues: {
                    /** @enum {string} */
                    in: "body" | "header" | "path";
                    path: string;
                    message: string;
                }[];
                moreIssues?: number;
            };
        };
        Unauthorized: {
            /** @constant */
            error: "Unauthorized";
        };
        InsufficientCredits: {
            /** @constant */
            error: "Insufficient credits";
            required: number;
        };
        TaskNotFound: {
            /** @constant */
            error: "Task not found";
        };
        IdempotencyInProgress: {
            /** @constant */
            error: "Request with this Idempotency-Key is in progress";
        };
        IdempotencyMismatch: {
            /** @constant */
            error: "Idempotency-Key reused with a different request";
        };
        PayloadTooLarge: {
            /** @constant */
            error: "Request body is larger than 1048576 bytes";
        };
        StrictRefusal400: {
            error: string;
            /** @enum {string} */
            rule: "relay-without-key";
        };
        StrictRefusal403: {
            error: string;
            /** @enum {string} */
            rule: "key-in-browser";
        };
        StrictRefusal409: {
            error: string;
            /** @enum {string} */
            rule: "retry-with-new-key" | "retry-after-eviction";
        };
        StrictRefusal422: {
            error: string;
            /** @enum {string} */
            rule: "key-reused-with-other-body";
        };
        StrictRefusal429: {
            error: string;
            /** @enum {string} */
            rule: "poll-too-soon";
        };
        /** @description The standalone server refused the request's Host or Origin before any route ran. */
        AccessRefused: {
            error: string;
        };
        /** @description Any other error: the interface fixes only `error: string`. A scenario's rejection answers the body its file gives. */
        Error: {
            error: string;
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: {
        /**
         * @description Required when provider is relay (see x-genmock-rules). Persist it before the first request; reuse it, with the same body, for retries of the same job.
         * @example job-2026-0001
         */
        IdempotencyKey: string;
        /**
         * @description genmock only: the scenario this request gets (a loaded scenario's name, GET /__mock/scenarios).
         * @example insufficient-credits
         */
        MockScenario: string;
        /**
         * @description genmock only, comma-separated preferences: `scenario=NAME`, as Prism reads Prefer (X-Mock-Scenario wins when both are sent; read on submissions only); `sparse` (random), `sparse=random`, `sparse=all` or `sparse=off`: sparse answers for this answer (see the rule sparse).
         * @example scenario=flaky
         */
        Prefer: string;
        /**
         * @description The taskId a generate endpoint answered; opaque: its shape depends on --id-style (tsk_ and 20 base62 characters, a UUID, a decimal string of up to 19 digits, or 64 URL-safe characters).
         * @example tsk_4MrIYxv4guGNn4hUdsV1
         */
        TaskId: string;
    };
    requestBodies: {
        /** @description The standard shape (provider omitted, or upstream-a) or the relay shape (provider relay, which needs an Idempotency-Key). One branch per model: each states that model's prompt cap, reference images, aspect ratios and negativePrompt support; relay branches exist only for the models with application pricing, with their resolutions. */
        ImageRequest: {
            content: {
                "application/json": {
                    prompt: string;
                    /** @constant */
                    model: "base-image-2";
                    negativePrompt?: string;
                    width?: number;
                    height?: number;
                    /** @enum {string} */
                    aspectRatio?: "auto" | "1:1" | "2:3" | "3:2" | "3:4" | "4:3" | "4:5" | "5:4" | "9:16" | "16:9" | "21:9";
                    /** @default 1 */
                    numOutputs?: number;
                    seed?: string;
                    guidanceScale?: number;
                    numInferenceSteps?: number;
                    inputImageUrls?: string[];
                    /** @description Any JSON object of at most 16384 bytes as JSON (a simulator limit); its keys are not checked. */
                    providerInput?: {
                        [key: string]: unknown;
                    };
                    /** @constant */
                    provider?: "upstream-a";
                } | {
                    prompt: string;
                    /** @constant */
                    model: "base-image-pro";
                    width?: number;
                    height?: number;
                    /** @enum {string} */
                    aspectRatio?: "auto" | "1:1" | "2:3" | "3:2" | "3:4" | "4:3" | "4:5" | "5:4" | "9:16" | "16:9" | "21:9";
                    /** @default 1 */
                    numOutputs?: number;
                    seed?: string;
                    guidanceScale?: number;
                    numInferenceSteps?: number;
                    inputImageUrls?: string[];
                    /** @description Any JSON object of at most 16384 bytes as JSON (a simulator limit); its keys are not checked. */
                    providerInput?: {
                        [key: string]: unknown;
                    };
                    /** @constant */
                    provider?: "upstream-a";
                } | {
                    prompt: string;
                    /** @constant */
                    model: "general-image-2";
                    negativePrompt?: string;
                    width?: number;
                    height?: number;
                    /** @enum {string} */
                    aspectRatio?: "auto" | "1:1" | "2:3" | "3:2" | "9:16" | "16:9";
                    /** @default 1 */
                    numOutputs?: number;
                    seed?: string;
                    guidanceScale?: number;
                    numInferenceSteps?: number;
                    inputImageUrls?: string[];
                    /** @description Any JSON object of at most 16384 bytes as JSON (a simulator limit); its keys are not checked. */
                    providerInput?: {
                        [key: string]: unknown;
                    };
                    /** @constant */
                    provider?: "upstream-a";
                } | {
                    prompt: string;
                    /** @constant */
                    model: "vendor-a/base-image";
                    width?: number;
                    height?: number;
                    /** @enum {string} */
                    aspectRatio?: "auto" | "1:1" | "16:9" | "9:16" | "4:3" | "3:4";
                    /** @default 1 */
                    numOutputs?: number;
                    seed?: string;
                    guidanceScale?: number;
                    numInferenceSteps?: number;
                    inputImageUrls?: string[];
                    /** @description Any JSON object of at most 16384 bytes as JSON (a simulator limit); its keys are not checked. */
                    providerInput?: {
                        [key: string]: unknown;
                    };
                    /** @constant */
                    provider?: "upstream-a";
                } | {
                    /** @constant */
                    provider: "relay";
                    /** @constant */
                    model: "base-image-2";
                    prompt: string;
                    /** @enum {string} */
                    resolution: "1K" | "2K" | "4K";
                    /** @default 1 */
                    numOutputs?: number;
                    /** @default false */
                    watermark?: boolean;
                } | {
                    /** @constant */
                    provider: "relay";
                    /** @constant */
                    model: "base-image-pro";
                    prompt: string;
                    /** @enum {string} */
                    resolution: "2K" | "4K";
                    /** @default 1 */
                    numOutputs?: number;
                    /** @default false */
                    watermark?: boolean;
                } | {
                    /** @constant */
                    provider: "relay";
                    /** @constant */
                    model: "general-image-2";
                    prompt: string;
                    /** @enum {string} */
                    resolution: "1K" | "2K";
                    /** @default 1 */
                    numOutputs?: number;
                    /** @default false */
                    watermark?: boolean;
                };
            };
        };
        /** @description One branch per model and input mode the model supports. model and inputMode are required (genmock's reading: the interface does not say); text_to_video needs a prompt and takes no inputImageUrls; image_to_video needs at least one inputImageUrls entry (only the first is used). duration is one the model allows; omitted, the model's first. */
        VideoRequest: {
            content: {
                "application/json": {
                    /** @constant */
                    model: "video-a/v2-1-standard";
                    /** @constant */
                    inputMode: "image_to_video";
                    prompt?: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10;
                    inputImageUrls: string[];
                } | {
                    /** @constant */
                    model: "video-a/v2-1-pro";
                    /** @constant */
                    inputMode: "image_to_video";
                    prompt?: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10;
                    inputImageUrls: string[];
                } | {
                    /** @constant */
                    model: "video-a/v2-1-master-text-to-video";
                    /** @constant */
                    inputMode: "text_to_video";
                    prompt: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10;
                } | {
                    /** @constant */
                    model: "video-b-text-to-video";
                    /** @constant */
                    inputMode: "text_to_video";
                    prompt: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10;
                } | {
                    /** @constant */
                    model: "video-b-pro-text-to-video";
                    /** @constant */
                    inputMode: "text_to_video";
                    prompt: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10;
                } | {
                    /** @constant */
                    model: "video-b-image-to-video";
                    /** @constant */
                    inputMode: "image_to_video";
                    prompt?: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10;
                    inputImageUrls: string[];
                } | {
                    /** @constant */
                    model: "video-c/02-text-to-video-standard";
                    /** @constant */
                    inputMode: "text_to_video";
                    prompt: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10;
                } | {
                    /** @constant */
                    model: "video-c/02-text-to-video-pro";
                    /** @constant */
                    inputMode: "text_to_video";
                    prompt: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10 | 15 | 20;
                } | {
                    /** @constant */
                    model: "video-c/02-image-to-video-standard";
                    /** @constant */
                    inputMode: "image_to_video";
                    prompt?: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10;
                    inputImageUrls: string[];
                } | {
                    /** @constant */
                    model: "video-c/02-image-to-video-pro";
                    /** @constant */
                    inputMode: "image_to_video";
                    prompt?: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10 | 15 | 20;
                    inputImageUrls: string[];
                } | {
                    /** @constant */
                    model: "video-d_fast";
                    /** @constant */
                    inputMode: "text_to_video";
                    prompt: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16";
                    /**
                     * @default 8
                     * @enum {integer}
                     */
                    duration?: 8;
                } | {
                    /** @constant */
                    model: "video-d_fast";
                    /** @constant */
                    inputMode: "image_to_video";
                    prompt?: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16";
                    /**
                     * @default 8
                     * @enum {integer}
                     */
                    duration?: 8;
                    inputImageUrls: string[];
                } | {
                    /** @constant */
                    model: "video-d";
                    /** @constant */
                    inputMode: "text_to_video";
                    prompt: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16";
                    /**
                     * @default 8
                     * @enum {integer}
                     */
                    duration?: 8;
                } | {
                    /** @constant */
                    model: "video-d";
                    /** @constant */
                    inputMode: "image_to_video";
                    prompt?: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16";
                    /**
                     * @default 8
                     * @enum {integer}
                     */
                    duration?: 8;
                    inputImageUrls: string[];
                } | {
                    /** @constant */
                    model: "video-d_lite";
                    /** @constant */
                    inputMode: "text_to_video";
                    prompt: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16";
                    /**
                     * @default 8
                     * @enum {integer}
                     */
                    duration?: 8;
                } | {
                    /** @constant */
                    model: "video-d_lite";
                    /** @constant */
                    inputMode: "image_to_video";
                    prompt?: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16";
                    /**
                     * @default 8
                     * @enum {integer}
                     */
                    duration?: 8;
                    inputImageUrls: string[];
                } | {
                    /** @constant */
                    model: "video-e/2-6-text-to-video";
                    /** @constant */
                    inputMode: "text_to_video";
                    prompt: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10;
                } | {
                    /** @constant */
                    model: "video-e/2-6-image-to-video";
                    /** @constant */
                    inputMode: "image_to_video";
                    prompt?: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10;
                    inputImageUrls: string[];
                } | {
                    /** @constant */
                    model: "video-f/1.5-pro";
                    /** @constant */
                    inputMode: "text_to_video";
                    prompt: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1" | "4:3" | "3:4";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10 | 15 | 20;
                } | {
                    /** @constant */
                    model: "video-f/1.5-pro";
                    /** @constant */
                    inputMode: "image_to_video";
                    prompt?: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1" | "4:3" | "3:4";
                    /**
                     * @default 5
                     * @enum {integer}
                     */
                    duration?: 5 | 10 | 15 | 20;
                    inputImageUrls: string[];
                };
            };
        };
    };
    headers: {
        /** @description The simulated clock at the time of the answer (RFC 9110 HTTP-date), so a client that reads it sees simulated time. */
        Date: string;
        /** @description The simulated clock at the time of the answer. Absent when the standalone server answers before the request reaches the routes (a refused Host or Origin, a crash). */
        DateIfRouted: string;
        /** @description genmock only: the client conformance rules this request broke, comma-separated (docs/conformance-and-coverage.md, Client conformance). Not the real service's. */
        GenmockConformance: string;
        /** @description Seconds to wait before the next attempt: strict conformance (poll-too-soon) or a scenario rejection that sets it. */
        RetryAfter: string;
        /** @description The rest of the oversized body is never read, so the connection cannot carry another request. */
        ConnectionClose: "close";
        /** @description The answer is the replay of an earlier request with the same Idempotency-Key and body. */
        IdempotentReplayed: "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    submitImageTask: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Required when provider is relay (see x-genmock-rules). Persist it before the first request; reuse it, with the same body, for retries of the same job.
                 * @example job-2026-0001
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /**
                 * @description genmock only: the scenario this request gets (a loaded scenario's name, GET /__mock/scenarios).
                 * @example insufficient-credits
                 */
                "X-Mock-Scenario"?: components["parameters"]["MockScenario"];
                /**
                 * @description genmock only, comma-separated preferences: `scenario=NAME`, as Prism reads Prefer (X-Mock-Scenario wins when both are sent; read on submissions only); `sparse` (random), `sparse=random`, `sparse=all` or `sparse=off`: sparse answers for this answer (see the rule sparse).
                 * @example scenario=flaky
                 */
                Prefer?: components["parameters"]["Prefer"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["ImageRequest"];
        responses: {
            /** @description Accepted: the task is created and its credits are debited (or, with the same Idempotency-Key and body, the original answer replayed). */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionResponse"];
                };
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"] | components["schemas"]["StrictRefusal400"];
                };
            };
            /** @description Missing, malformed, unknown, revoked, expired or IP-refused credentials. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description The account lacks the credits: nothing is stored or debited. */
            402: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientCredits"];
                };
            };
            /** @description A key sent from a page in strict mode, a refused Host or Origin, or a scenario rejection. */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrictRefusal403"] | components["schemas"]["AccessRefused"] | components["schemas"]["Error"];
                };
            };
            /** @description The first request with this Idempotency-Key is still being answered; or, in strict mode, a retry under a new key. */
            409: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdempotencyInProgress"] | components["schemas"]["StrictRefusal409"];
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    Connection: components["headers"]["ConnectionClose"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description This Idempotency-Key was used with a different body. */
            422: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdempotencyMismatch"] | components["schemas"]["StrictRefusal422"];
                };
            };
            /** @description A scenario's rejection (rate limits are off unless a scenario asks). */
            429: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: a scenario's fault (error-before-commit), or a genmock bug. */
            500: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A scenario's rejection or fault. */
            503: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Accepted, with the success status a scenario's submit.httpStatus gives (201–299, not 204 or 205). */
            "2XX": {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionResponse"];
                };
            };
            /** @description Any other status a scenario's rejection or fault gives. */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    submitVideoTask: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Required when provider is relay (see x-genmock-rules). Persist it before the first request; reuse it, with the same body, for retries of the same job.
                 * @example job-2026-0001
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /**
                 * @description genmock only: the scenario this request gets (a loaded scenario's name, GET /__mock/scenarios).
                 * @example insufficient-credits
                 */
                "X-Mock-Scenario"?: components["parameters"]["MockScenario"];
                /**
                 * @description genmock only, comma-separated preferences: `scenario=NAME`, as Prism reads Prefer (X-Mock-Scenario wins when both are sent; read on submissions only); `sparse` (random), `sparse=random`, `sparse=all` or `sparse=off`: sparse answers for this answer (see the rule sparse).
                 * @example scenario=flaky
                 */
                Prefer?: components["parameters"]["Prefer"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["VideoRequest"];
        responses: {
            /** @description Accepted: the task is created and its credits are debited (or, with the same Idempotency-Key and body, the original answer replayed). */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionResponse"];
                };
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description Missing, malformed, unknown, revoked, expired or IP-refused credentials. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description The account lacks the credits: nothing is stored or debited. */
            402: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientCredits"];
                };
            };
            /** @description A key sent from a page in strict mode, a refused Host or Origin, or a scenario rejection. */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrictRefusal403"] | components["schemas"]["AccessRefused"] | components["schemas"]["Error"];
                };
            };
            /** @description The first request with this Idempotency-Key is still being answered; or, in strict mode, a retry under a new key. */
            409: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdempotencyInProgress"] | components["schemas"]["StrictRefusal409"];
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    Connection: components["headers"]["ConnectionClose"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description This Idempotency-Key was used with a different body. */
            422: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdempotencyMismatch"] | components["schemas"]["StrictRefusal422"];
                };
            };
            /** @description A scenario's rejection (rate limits are off unless a scenario asks). */
            429: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: a scenario's fault (error-before-commit), or a genmock bug. */
            500: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A scenario's rejection or fault. */
            503: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Accepted, with the success status a scenario's submit.httpStatus gives (201–299, not 204 or 205). */
            "2XX": {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionResponse"];
                };
            };
            /** @description Any other status a scenario's rejection or fault gives. */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTask: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description genmock only, comma-separated preferences: `scenario=NAME`, as Prism reads Prefer (X-Mock-Scenario wins when both are sent; read on submissions only); `sparse` (random), `sparse=random`, `sparse=all` or `sparse=off`: sparse answers for this answer (see the rule sparse).
                 * @example scenario=flaky
                 */
                Prefer?: components["parameters"]["Prefer"];
            };
            path: {
                /**
                 * @description The taskId a generate endpoint answered; opaque: its shape depends on --id-style (tsk_ and 20 base62 characters, a UUID, a decimal string of up to 19 digits, or 64 URL-safe characters).
                 * @example tsk_4MrIYxv4guGNn4hUdsV1
                 */
                id: components["parameters"]["TaskId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task as it is now. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskSnapshot"];
                };
            };
            /** @description Invalid request: a Prefer sparse value other than random, all or off. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description Missing or invalid credentials. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description A key sent from a page in strict mode, or a refused Host or Origin. */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrictRefusal403"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description No such task, or another account's. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskNotFound"];
                };
            };
            /** @description Strict mode: read too soon after the previous read of a relay task. */
            429: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrictRefusal429"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalogue. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelList"];
                };
            };
            /** @description Missing or invalid credentials. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description A key sent from a page in strict mode, or a refused Host or Origin. */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrictRefusal403"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOutputImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The task id, as in the URL the task gave. */
                taskId: string;
                /** @description The output, from 0. */
                index: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PNG. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    /** @description private, max-age=3600: a completed task never changes its media. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description A relay task's media without the owner's credential. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description A key sent from a page in strict mode, or a refused Host or Origin. */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrictRefusal403"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description No such task, not completed, or no such output: Media not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOutputVideo: {
        parameters: {
            query?: never;
            header?: {
                /** @description One byte range, such as bytes=0-1023; any other Range header is ignored. */
                Range?: string;
            };
            path: {
                /** @description The task id, as in the URL the task gave. */
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole MP4. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    /** @description private, max-age=3600: a completed task never changes its media. */
                    "Cache-Control"?: string;
                    /** @description bytes */
                    "Accept-Ranges"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description The range asked for. */
            206: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    /** @description private, max-age=3600: a completed task never changes its media. */
                    "Cache-Control"?: string;
                    "Content-Range": string;
                    /** @description bytes */
                    "Accept-Ranges"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description A relay task's media without the owner's credential. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description A key sent from a page in strict mode, or a refused Host or Origin. */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrictRefusal403"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description No such task, not completed, or no such output: Media not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A range past the end. */
            416: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    "Content-Range": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    "Genmock-Conformance": components["headers"]["GenmockConformance"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
