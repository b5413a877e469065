export interface paths {
    "/__mock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboard: redirects to the page at /__mock/
         * @description The dashboard: redirects to the page at /__mock/
         */
        get: operations["openDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether genmock is up, and its version: open to anyone, whatever the admin token
         * @description Whether genmock is up, and its version: open to anyone, whatever the admin token
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/whoami": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who the caller is: the admin, or the account whose key it sent
         * @description Who the caller is: the admin, or the account whose key it sent
         */
        get: operations["whoami"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document
         * @description This document
         */
        get: operations["getControlOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The clock: mode, speed, simulated now
         * @description The clock: mode, speed, simulated now
         */
        get: operations["getClock"];
        /**
         * Switch mode or speed, or jump to a later now
         * @description Switch mode or speed, or jump to a later now
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **time-moves-forward**: `now` must not be before the current simulated time: time only moves forward.
         *     - **body-limits**: An empty body is read as {}. Otherwise the body is JSON (`Content-Type: application/json`, valid UTF-8) of at most 1048576 bytes (413 past it) and 64 levels of nesting.
         */
        put: operations["setClock"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the server clock forward: some seconds, to the next change, or until idle
         * @description Due task changes apply in time order. Accounts with a clock of their own are not moved.
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **until**: until "next-event" moves the clock to the next scheduled change of one of its tasks (not at all when none is scheduled); "idle" moves it change by change until none of its tasks is pending, at most 7 days, and stops at the last change (idle false: a task still waits, for a poll or past 7 days). changes lists every change applied, in time order.
         *     - **body-limits**: An empty body is read as {}. Otherwise the body is JSON (`Content-Type: application/json`, valid UTF-8) of at most 1048576 bytes (413 past it) and 64 levels of nesting.
         */
        post: operations["advanceClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Back to the start
         * @description Fixture accounts and balances, the scenarios and default scenario genmock started with; tasks, idempotency keys, the journal and the findings cleared. The clock keeps going.
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **body-limits**: An empty body is read as {}. Otherwise the body is JSON (`Content-Type: application/json`, valid UTF-8) of at most 1048576 bytes (413 past it) and 64 levels of nesting.
         */
        post: operations["reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every account with its balance
         * @description Every account with its balance
         */
        get: operations["listAccounts"];
        put?: never;
        /**
         * Create an isolated account (one per test)
         * @description Create an isolated account (one per test)
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **scenario-exists**: A scenario name must name a loaded scenario (GET /__mock/scenarios).
         *     - **api-key-unused**: A given apiKey must not be in use by another account: 409 otherwise.
         *     - **body-limits**: An empty body is read as {}. Otherwise the body is JSON (`Content-Type: application/json`, valid UTF-8) of at most 1048576 bytes (413 past it) and 64 levels of nesting.
         */
        post: operations["createAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account, its credits and its ledger
         * @description An account, its credits and its ledger
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Top up or drain an account, rename it, set its scenario, strictness or clock
         * @description Top up or drain an account, rename it, set its scenario, strictness or clock
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **scenario-exists**: A scenario name must name a loaded scenario (GET /__mock/scenarios).
         *     - **body-limits**: An empty body is read as {}. Otherwise the body is JSON (`Content-Type: application/json`, valid UTF-8) of at most 1048576 bytes (413 past it) and 64 levels of nesting.
         */
        patch: operations["updateAccount"];
        trace?: never;
    };
    "/__mock/accounts/{id}/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The clock an account's tasks read: its own, or the server's
         * @description The clock an account's tasks read: its own, or the server's
         */
        get: operations["getAccountClock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/accounts/{id}/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move an account's own clock forward: some seconds, to the next change, or until idle
         * @description Only this account's tasks move; the server clock and other accounts stay where they are.
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **own-clock**: Only an account with a clock of its own (clock "own") is advanced here: one on the server clock is 400, naming clock.
         *     - **until**: until "next-event" moves the clock to the next scheduled change of one of its tasks (not at all when none is scheduled); "idle" moves it change by change until none of its tasks is pending, at most 7 days, and stops at the last change (idle false: a task still waits, for a poll or past 7 days). changes lists every change applied, in time order.
         *     - **body-limits**: An empty body is read as {}. Otherwise the body is JSON (`Content-Type: application/json`, valid UTF-8) of at most 1048576 bytes (413 past it) and 64 levels of nesting.
         */
        post: operations["advanceAccountClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tasks, newest first
         * @description Tasks, newest first
         */
        get: operations["listTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/tasks/{id}/transition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Force a pending task into a state now
         * @description The same ledger effect as a timeline step: status 2 needs refund true or false.
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **task-pending**: Only a pending task (status 0) changes: a terminal one is 409, an unknown one 404.
         *     - **body-limits**: An empty body is read as {}. Otherwise the body is JSON (`Content-Type: application/json`, valid UTF-8) of at most 1048576 bytes (413 past it) and 64 levels of nesting.
         */
        post: operations["transitionTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/scenarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The scenarios loaded, and the default
         * @description The scenarios loaded, and the default
         */
        get: operations["listScenarios"];
        put?: never;
        /**
         * Load a scenario, or replace the one of its name
         * @description Load a scenario, or replace the one of its name
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **duration-syntax**: A duration is a number of seconds or a text such as "500ms", "15s", "2m", "1m30s" (decimals allowed), at most a week; a range is "low..high" with low ≤ high. timeline[].at also takes "expiry" and "poll N" (N from 1). The schema says only number or string.
         *     - **regex-compiles**: match.prompt.regex must be a valid JavaScript regular expression with its flags.
         *     - **rule-coherence**: Within a rule: reject and fault exclude each other; a rule whose reject or error-before-commit fault creates no task has no timeline and no use; use excludes timeline; submissionUncertain is given once (submit or submit.set); a timeline step at expiry needs match.provider relay.
         *     - **references-resolve**: Every use names a loaded scenario (or one of this file), with no cycle; every account scenario names a loaded scenario; the accounts named exist when the scenario becomes the default.
         *     - **body-limits**: An empty body is read as {}. Otherwise the body is JSON (`Content-Type: application/json`, valid UTF-8) of at most 1048576 bytes (413 past it) and 64 levels of nesting.
         */
        post: operations["loadScenario"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/scenarios/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One scenario as loaded
         * @description One scenario as loaded
         */
        get: operations["getScenario"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/scenario": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Choose the default scenario; applies its accounts
         * @description Choose the default scenario; applies its accounts
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **scenario-exists**: A scenario name must name a loaded scenario (GET /__mock/scenarios).
         *     - **body-limits**: An empty body is read as {}. Otherwise the body is JSON (`Content-Type: application/json`, valid UTF-8) of at most 1048576 bytes (413 past it) and 64 levels of nesting.
         */
        put: operations["chooseScenario"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The request journal, newest first (the last 1000)
         * @description Client traffic only, not /__mock calls. Keys and cookie values are redacted.
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        /**
         * Empty the journal
         * @description Empty the journal
         */
        delete: operations["clearRequests"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/requests/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many journal entries match
         * @description How many journal entries match
         */
        get: operations["countRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/requests.har": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The journal as HAR 1.2
         * @description The journal as HAR 1.2
         */
        get: operations["exportRequestsHar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/conformance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The conformance findings, newest first (the last 1000)
         * @description The conformance findings, newest first (the last 1000)
         */
        get: operations["listConformanceFindings"];
        put?: never;
        post?: never;
        /**
         * Clear the findings
         * @description Clear the findings
         */
        delete: operations["clearConformanceFindings"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One task, its past and coming changes, ledger entries and requests
         * @description history: the creation (no by), then each change as it left the task (kept for the 10,000 latest tasks). scheduled: the steps to come, timed (at) then poll N (poll). ledger: the owner's entries naming it. requests: its journal entries, newest first (50).
         */
        get: operations["getTaskDetail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/tasks/{id}/media/{index}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A completed task's output, without the owner's credential
         * @description As the task's media route answers (an image's index, 0 for a video), but with no credential asked, relay media included.
         */
        get: operations["getTaskMedia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which outcomes of the interface the clients met
         * @description Every outcome (docs/conformance-and-coverage.md, Outcome coverage) with how many requests met it, of the whole run or of the accounts named. Cleared by POST /__mock/reset.
         */
        get: operations["getCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/drift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * With --proxy: where the service answered otherwise than genmock would have
         * @description With --proxy: where the service answered otherwise than genmock would have
         */
        get: operations["getDriftReport"];
        put?: never;
        post?: never;
        /**
         * Clear the drift report
         * @description Clear the drift report
         */
        delete: operations["clearDriftReport"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole state as one JSON document (a snapshot)
         * @description Save it after a test setup and PUT it back, or start genmock with --state-from FILE, to start from that world.
         */
        get: operations["getState"];
        /**
         * Replace the state with a snapshot
         * @description Checked as at start; an invalid one changes nothing (400 naming the path). Up to 134217728 bytes. A manual clock takes its saved time; a real one goes on as if it had run meanwhile.
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **snapshot-checked**: A snapshot as GET /__mock/state gives it, checked as at start: its format and version this genmock's (a newer one is refused, naming the genmock that wrote it), every part in its saved shape. At most 134217728 bytes (413 past it). On a 400, whose issues name the path, nothing changes.
         */
        put: operations["putState"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/state/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the state is kept on disk and when it was last saved
         * @description Where the state is kept on disk and when it was last saved
         */
        get: operations["getStateStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/state/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write what changed to the --state DIR now
         * @description Resolves once it is durable. 404 when genmock keeps no state on disk.
         */
        post: operations["saveState"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics: requests, durations, tasks, credits, findings, drift, state saves, the process
         * @description The Prometheus text format (0.0.4), or OpenMetrics 1.0 when Accept names application/openmetrics-text. Labels are bounded: route patterns, methods, statuses, models, scenarios, rules; never an id, key or prompt. 404 from the msw and browser doors, and from a server started with --metrics off.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the MCP endpoint is; no event stream (405 when Accept asks for one)
         * @description MCP clients ask GET for a stream of server messages: there is none (every message is POSTed and answered in full), so Accept: text/event-stream gets 405, as the protocol allows. Any other Accept gets what the endpoint is and how many tools it has. 404 from the msw and browser doors.
         */
        get: operations["getMcpEndpoint"];
        put?: never;
        /**
         * The Model Context Protocol (Streamable HTTP): a JSON-RPC message or batch, answered in JSON
         * @description The control API as MCP tools, for coding agents (docs/mcp.md). Stateless: no Mcp-Session-Id, every message answered in full; the tools act through these routes with the caller of this request. Accept must name application/json and text/event-stream. 404 from the msw and browser doors.
         *
         *     Rules the schemas cannot state (also in `x-genmock-rules`):
         *
         *     - **mcp-message**: One JSON-RPC message or a batch, as JSON of at most 1048576 bytes (413 past it), with Content-Type: application/json (415 otherwise) and an Accept naming application/json and text/event-stream (406 otherwise).
         *     - **mcp-tool-arguments**: A tool's arguments are its route's path parameters, query and body fields (a service tool's body is `body`): a bad one is a tools/call result with isError true naming it, as the route answers it.
         */
        post: operations["postMcpMessage"];
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
        Health: {
            /** @constant */
            ok: true;
            version: string;
            stateFailing?: {
                /** Format: date-time */
                since: string;
                reason: string;
                attempts: number;
                refusing: boolean;
                unsavedRequests?: number;
            };
        };
        Whoami: {
            /** @constant */
            caller: "admin";
        } | {
            /** @constant */
            caller: "account";
            accountId: string;
            name: string;
        };
        ClockState: {
            /** @enum {string} */
            mode: "real" | "manual";
            speed: number;
            /** Format: date-time */
            now: string;
        };
        AccountClock: {
            /** @enum {string} */
            mode: "real" | "manual";
            speed: number;
            /** Format: date-time */
            now: string;
            own: boolean;
        };
        Advanced: {
            /** @enum {string} */
            mode: "real" | "manual";
            speed: number;
            /** Format: date-time */
            now: string;
            changes: {
                taskId: string;
                /** Format: date-time */
                at: string;
                /** @enum {integer} */
                status: 0 | 1 | 2;
                relayStatus?: string;
            }[];
            idle: boolean;
        };
        ResetDone: {
            /** @constant */
            ok: true;
            seed: number;
            revokedKeys: {
                accountId: string;
                name: string;
                key: string;
            }[];
        };
        Ok: {
            /** @constant */
            ok: true;
        };
        AccountList: {
            accounts: {
                id: string;
                name: string;
                credits: number;
            }[];
        };
        AccountCreated: {
            id: string;
            apiKey: string;
            credits: number;
        };
        AccountView: {
            id: string;
            name: string;
            demo: boolean;
            scenario?: string;
            strict?: boolean;
            credits: number;
            clock: {
                /** @enum {string} */
                mode: "real" | "manual";
                speed: number;
                /** Format: date-time */
                now: string;
                own: boolean;
            };
            ledger: {
                at: number;
                /** @enum {string} */
                kind: "opening" | "adjust" | "debit" | "refund" | "reversal";
                amount: number;
                balanceAfter: number;
                taskId?: string;
            }[];
            olderEntries?: number;
            olderSums?: {
                opening: number;
                adjust: number;
                debit: number;
                refund: number;
                reversal: number;
            };
        };
        TaskView: {
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
            id: string;
            /** @enum {string} */
            type: "image" | "video";
            model: string;
            prompt: string;
            errorCode?: string;
            errorMessage?: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            outputImageUrls?: string[];
            /** Format: uri */
            outputVideoUrl?: string;
            accountId: string;
            /** @enum {string} */
            provider: "standard" | "upstream-a" | "relay";
            scenario: string;
            polls: number;
            /** Format: date-time */
            nextChangeAt?: string;
            nextChangeAtPoll?: number;
        };
        TaskList: {
            total: number;
            tasks: {
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
                id: string;
                /** @enum {string} */
                type: "image" | "video";
                model: string;
                prompt: string;
                errorCode?: string;
                errorMessage?: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                outputImageUrls?: string[];
                /** Format: uri */
                outputVideoUrl?: string;
                accountId: string;
                /** @enum {string} */
                provider: "standard" | "upstream-a" | "relay";
                scenario: string;
                polls: number;
                /** Format: date-time */
                nextChangeAt?: string;
                nextChangeAtPoll?: number;
            }[];
            nextCursor?: string;
        };
        TaskDetail: {
            task: {
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
                id: string;
                /** @enum {string} */
                type: "image" | "video";
                model: string;
                prompt: string;
                errorCode?: string;
                errorMessage?: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
                outputImageUrls?: string[];
                /** Format: uri */
                outputVideoUrl?: string;
                accountId: string;
                /** @enum {string} */
                provider: "standard" | "upstream-a" | "relay";
                scenario: string;
                polls: number;
                /** Format: date-time */
                nextChangeAt?: string;
                nextChangeAtPoll?: number;
            };
            history: {
                /** Format: date-time */
                at: string;
                /** @enum {integer} */
                status: 0 | 1 | 2;
                relayStatus?: string;
                errorCode?: string;
                /** @constant */
                refunded?: true;
                /** @enum {string} */
                by?: "timeline" | "poll" | "transition";
            }[];
            scheduled: ({
                /** Format: date-time */
                at: string;
                /** @enum {integer} */
                status?: 0 | 1 | 2;
                relayStatus?: string;
                errorCode?: string;
                /** @constant */
                refund?: true;
            } | {
                poll: number;
                /** @enum {integer} */
                status?: 0 | 1 | 2;
                relayStatus?: string;
                errorCode?: string;
                /** @constant */
                refund?: true;
            })[];
            ledger: {
                at: number;
                /** @enum {string} */
                kind: "opening" | "adjust" | "debit" | "refund" | "reversal";
                amount: number;
                balanceAfter: number;
                taskId?: string;
            }[];
            requests: {
                seq: number;
                /** Format: date-time */
                at: string;
                method: string;
                path: string;
                query: string;
                status: number;
                durationMs: number;
                headers: {
                    [key: string]: string;
                };
                accountId?: string;
                scenario?: string;
                taskId?: string;
                idempotencyKey?: string;
                replayed?: boolean;
                dropped?: boolean;
                /** @constant */
                proxied?: true;
                conformance?: ("poll-too-soon" | "poll-after-terminal" | "relay-without-key" | "key-reused-with-other-body" | "retry-with-new-key" | "key-in-browser" | "relay-media-without-auth" | "retry-after-eviction" | "read-of-evicted-task")[];
                traceId?: string;
                traceparent?: string;
                tracestate?: string;
                requestBody?: {
                    type: string;
                    size: number;
                    text?: string;
                    /** @constant */
                    truncated?: true;
                };
                responseHeaders?: {
                    [key: string]: string;
                };
                responseBody?: {
                    type: string;
                    size: number;
                    text?: string;
                    /** @constant */
                    truncated?: true;
                };
            }[];
        };
        ScenarioList: {
            default: string;
            scenarios: {
                name: string;
                description: string;
                origin: string;
                rules: number;
            }[];
        };
        ScenarioLoaded: {
            $schema?: string;
            $comment?: string;
            /** @description Requests pick the scenario by it (X-Mock-Scenario: NAME); a file with a bundled name replaces that scenario */
            name: string;
            /** @description What a client sees under this scenario, in a sentence or two */
            description: string;
            /** @description Applied when the scenario becomes the server's default: { ACCOUNT_ID: { credits?, demo?, scenario? } } */
            accounts?: {
                [key: string]: {
                    credits?: number;
                    demo?: boolean;
                    scenario?: string;
                };
            };
            /**
             * @description The shape of this scenario's task ids, over --id-style
             * @enum {string}
             */
            idStyle?: "prefixed" | "uuid" | "numeric" | "long";
            /** @description Sparse answers for its tasks: true (random), "random", "all" or false, over --sparse */
            sparse?: boolean | ("random" | "all");
            /**
             * @description Ordered rules: a request gets the first whose match it meets, else default's
             * @default []
             */
            rules: {
                /** @description Which requests the rule takes: every field given must hold; none matches every request */
                match?: {
                    /**
                     * @description image or video
                     * @enum {string}
                     */
                    endpoint?: "image" | "video";
                    /** @description A model id, exact or a glob where * stands for any characters and ? for one */
                    model?: string;
                    /**
                     * @description standard (a request without provider), upstream-a or relay
                     * @enum {string}
                     */
                    provider?: "standard" | "upstream-a" | "relay";
                    /**
                     * @description Video: the request's inputMode; image: image_to_image when it has inputImageUrls
                     * @enum {string}
                     */
                    inputMode?: "text_to_image" | "image_to_image" | "text_to_video" | "image_to_video";
                    /** @description A substring of the prompt, or { regex, flags? } */
                    prompt?: string | {
                        regex: string;
                        flags?: string;
                    };
                    /** @description An account id */
                    account?: string;
                    /** @description The share of the matching requests the rule takes (0 to 1), drawn from the seed */
                    chance?: number;
                };
                /** @description What happens when the request arrives */
                submit?: {
                    /** @description Answer this instead: no task, no debit ({ status, body, headers? }) */
                    reject?: {
                        status: number;
                        body: {
                            error: string;
                        } & {
                            [key: string]: unknown;
                        };
                        headers?: {
                            [key: string]: string;
                        };
                    };
                    /** @description How long the answer waits, in wall time: a duration or a range */
                    latency?: number | string;
                    /** @description error-before-commit (a 5xx, nothing stored) or drop-after-commit (stored, then the connection drops) */
                    fault?: ("error-before-commit" | "drop-after-commit") | {
                        /** @enum {string} */
                        type: "error-before-commit" | "drop-after-commit";
                        status?: number;
                        error?: string;
                    };
                    submissionUncertain?: boolean;
                    httpStatus?: number;
                    /** @description Fields of the new task */
                    set?: {
                        relayStatus?: string;
                        errorCode?: string;
                        errorMessage?: string;
                        upstreamHttpStatus?: number;
                        submissionUncertain?: boolean;
                        pollAfterSeconds?: number;
                        effectiveWatermark?: boolean;
                    };
                    /** @description Relay tasks: expiresAt this long after acceptance (default 1 h) */
                    expiresIn?: number | string;
                };
                /** @description The task's changes after acceptance: each { at, set?, refund? } */
                timeline?: ({
                    /** @description After acceptance: a duration ("15s"), a range ("30s..120s"), "expiry" or "poll N" */
                    at: number | string;
                    /** @description Fields of the task, status (0, 1, 2) included */
                    set?: {
                        /** @enum {integer} */
                        status?: 0 | 1 | 2;
                        relayStatus?: string;
                        errorCode?: string;
                        errorMessage?: string;
                        upstreamHttpStatus?: number;
                        submissionUncertain?: boolean;
                        pollAfterSeconds?: number;
                        effectiveWatermark?: boolean;
                    };
                    /** @description true gives the credits back, once per task */
                    refund?: boolean;
                } | unknown | unknown)[];
                /** @description Hand the request to this scenario's rules; this rule's submit settings override theirs */
                use?: string;
            }[];
            origin: string;
        };
        ScenarioSaved: {
            name: string;
            rules: number;
        };
        ScenarioChosen: {
            default: string;
        };
        JournalList: {
            total: number;
            requests: {
                seq: number;
                /** Format: date-time */
                at: string;
                method: string;
                path: string;
                query: string;
                status: number;
                durationMs: number;
                headers: {
                    [key: string]: string;
                };
                accountId?: string;
                scenario?: string;
                taskId?: string;
                idempotencyKey?: string;
                replayed?: boolean;
                dropped?: boolean;
                /** @constant */
                proxied?: true;
                conformance?: ("poll-too-soon" | "poll-after-terminal" | "relay-without-key" | "key-reused-with-other-body" | "retry-with-new-key" | "key-in-browser" | "relay-media-without-auth" | "retry-after-eviction" | "read-of-evicted-task")[];
                traceId?: string;
                traceparent?: string;
                tracestate?: string;
                requestBody?: {
                    type: string;
                    size: number;
                    text?: string;
                    /** @constant */
                    truncated?: true;
                };
                responseHeaders?: {
                    [key: string]: string;
                };
                responseBody?: {
                    type: string;
                    size: number;
                    text?: string;
                    /** @constant */
                    truncated?: true;
                };
            }[];
            nextCursor?: string;
        };
        Count: {
            count: number;
        };
        Har: {
            log: {
                /** @constant */
                version: "1.2";
                creator: {
                    name: string;
                    version: string;
                };
                entries: {
                    /** Format: date-time */
                    startedDateTime: string;
                    time: number;
                    request: {
                        method: string;
                        url: string;
                        httpVersion: string;
                        cookies: {
                            name: string;
                            value: string;
                        }[];
                        headers: {
                            name: string;
                            value: string;
                        }[];
                        queryString: {
                            name: string;
                            value: string;
                        }[];
                        postData?: {
                            mimeType: string;
                            text: string;
                        };
                        /** @constant */
                        headersSize: -1;
                        bodySize: number;
                    };
                    response: {
                        status: number;
                        statusText: string;
                        httpVersion: string;
                        cookies: {
                            name: string;
                            value: string;
                        }[];
                        headers: {
                            name: string;
                            value: string;
                        }[];
                        content: {
                            size: number;
                            mimeType: string;
                            text?: string;
                            comment?: string;
                        };
                        redirectURL: string;
                        /** @constant */
                        headersSize: -1;
                        bodySize: number;
                    };
                    cache: Record<string, never>;
                    timings: {
                        send: number;
                        wait: number;
                        receive: number;
                    };
                    comment?: string;
                    _accountId?: string;
                    _accountName?: string;
                    _traceId?: string;
                    _traceparent?: string;
                }[];
            };
        };
        FindingList: {
            total: number;
            counts: {
                [key: string]: number;
            };
            findings: {
                seq: number;
                /** @enum {string} */
                rule: "poll-too-soon" | "poll-after-terminal" | "relay-without-key" | "key-reused-with-other-body" | "retry-with-new-key" | "key-in-browser" | "relay-media-without-auth" | "retry-after-eviction" | "read-of-evicted-task";
                /** @enum {string} */
                severity: "error" | "warning";
                /** Format: date-time */
                at: string;
                accountId: string;
                requestSeq: number;
                message: string;
                taskId?: string;
                idempotencyKey?: string;
                traceId?: string;
            }[];
        };
        CoverageReport: {
            outcomes: {
                /** @enum {string} */
                name: "image-completed" | "video-completed" | "failed-refunded" | "relay-expired" | "relay-unknown" | "submission-uncertain" | "polled-after-wait" | "idempotent-replay" | "sparse-answer" | "invalid-request" | "unauthorized" | "insufficient-credits" | "task-not-found" | "key-reused-with-other-body" | "request-in-progress" | "rate-limited" | "server-error" | "connection-dropped";
                met: boolean;
                /** @description How many requests met it. */
                count: number;
            }[];
            met: number;
            total: number;
        };
        DriftReport: {
            findings: {
                /** @enum {string} */
                kind: "success-status" | "error-status" | "error-body" | "extra-field" | "missing-field" | "field-type" | "unknown-relay-status" | "unknown-error-code" | "price" | "validation-looser" | "validation-stricter" | "state-rule" | "proxy-timeout";
                place: string;
                count: number;
                /** @description What the service did. */
                service: unknown;
                /** @description What genmock would have done. */
                genmock: unknown;
                message: string;
                /** @description One exchange it was seen in, credentials redacted. */
                example: {
                    seq: number;
                    at: string;
                    method: string;
                    path: string;
                    status: number;
                    requestBody?: string;
                    responseBody?: string;
                };
            }[];
            observations: {
                exchanges: number;
                statuses: {
                    [key: string]: {
                        [key: string]: number;
                    };
                };
                prices: {
                    model: string;
                    option: string;
                    relay: boolean;
                    credits: number;
                    seen: number;
                }[];
                relayStatuses: {
                    [key: string]: number;
                };
                errorCodes: {
                    [key: string]: number;
                };
                pollAfterSeconds: {
                    [key: string]: number;
                };
                models: {
                    [key: string]: {
                        submitted: number;
                        outcomes: {
                            [key: string]: {
                                /** @enum {integer} */
                                status: 1 | 2;
                                errorCode?: string;
                                refunded?: boolean;
                                relaySteps?: {
                                    relayStatus: string;
                                    seconds: {
                                        min: number;
                                        max: number;
                                    };
                                }[];
                                count: number;
                                seconds: {
                                    min: number;
                                    max: number;
                                };
                                polls: {
                                    min: number;
                                    max: number;
                                };
                            };
                        };
                    };
                };
            };
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
            message: string;
        };
        Forbidden: {
            /** @constant */
            error: "Forbidden";
            message: string;
        };
        TaskNotFound: {
            /** @constant */
            error: "Task not found";
        };
        /** @description Account not found, Scenario not found (with the known names), … */
        NotFound: {
            error: string;
        } & {
            [key: string]: unknown;
        };
        /** @description That apiKey is already in use; the task is terminal. */
        Conflict: {
            error: string;
        } & {
            [key: string]: unknown;
        };
        PayloadTooLarge: {
            /** @constant */
            error: "Request body is larger than 1048576 bytes";
        };
        AccessRefused: {
            error: string;
        };
        Error: {
            error: string;
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: {
        /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
        IfNoneMatch: string;
        /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
        GenmockDashboard: "1";
    };
    requestBodies: {
        /** @description Seconds to move forward, or until what. */
        ClockAdvance: {
            content: {
                "application/json": {
                    seconds?: number;
                    /** @enum {string} */
                    until?: "next-event" | "idle";
                };
            };
        };
        /** @description What to change. */
        ClockSet: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    mode?: "real" | "manual";
                    speed?: number;
                    /** Format: date-time */
                    now?: string;
                };
            };
        };
        /** @description Optionally a new seed. */
        Reset: {
            content: {
                "application/json": {
                    seed?: number;
                };
            };
        };
        /** @description The new account; every field may be omitted. */
        AccountCreate: {
            content: {
                "application/json": {
                    /** @default 1000 */
                    credits?: number;
                    name?: string;
                    scenario?: string;
                    apiKey?: string;
                    demo?: boolean;
                    strict?: boolean;
                    /** @enum {string} */
                    clock?: "server" | "own";
                };
            };
        };
        /** @description What to change; scenario null clears it. */
        AccountPatch: {
            content: {
                "application/json": {
                    credits?: number;
                    name?: string;
                    scenario?: string | null;
                    demo?: boolean;
                    strict?: boolean;
                    /** @enum {string} */
                    clock?: "server" | "own";
                };
            };
        };
        /** @description The change, and its ledger effect. */
        Transition: {
            content: {
                "application/json": {
                    /** @enum {integer} */
                    status?: 0 | 1 | 2;
                    relayStatus?: string;
                    errorCode?: string;
                    errorMessage?: string;
                    upstreamHttpStatus?: number;
                    submissionUncertain?: boolean;
                    pollAfterSeconds?: number;
                    effectiveWatermark?: boolean;
                    /** @description true gives the credits back, once per task */
                    refund?: boolean;
                };
            };
        };
        /** @description A scenario, as a scenario file holds it (docs/scenarios.md, Writing one). */
        Scenario: {
            content: {
                "application/json": {
                    $schema?: string;
                    $comment?: string;
                    /** @description Requests pick the scenario by it (X-Mock-Scenario: NAME); a file with a bundled name replaces that scenario */
                    name: string;
                    /** @description What a client sees under this scenario, in a sentence or two */
                    description: string;
                    /** @description Applied when the scenario becomes the server's default: { ACCOUNT_ID: { credits?, demo?, scenario? } } */
                    accounts?: {
                        [key: string]: {
                            credits?: number;
                            demo?: boolean;
                            scenario?: string;
                        };
                    };
                    /**
                     * @description The shape of this scenario's task ids, over --id-style
                     * @enum {string}
                     */
                    idStyle?: "prefixed" | "uuid" | "numeric" | "long";
                    /** @description Sparse answers for its tasks: true (random), "random", "all" or false, over --sparse */
                    sparse?: boolean | ("random" | "all");
                    /**
                     * @description Ordered rules: a request gets the first whose match it meets, else default's
                     * @default []
                     */
                    rules?: {
                        /** @description Which requests the rule takes: every field given must hold; none matches every request */
                        match?: {
                            /**
                             * @description image or video
                             * @enum {string}
                             */
                            endpoint?: "image" | "video";
                            /** @description A model id, exact or a glob where * stands for any characters and ? for one */
                            model?: string;
                            /**
                             * @description standard (a request without provider), upstream-a or relay
                             * @enum {string}
                             */
                            provider?: "standard" | "upstream-a" | "relay";
                            /**
                             * @description Video: the request's inputMode; image: image_to_image when it has inputImageUrls
                             * @enum {string}
                             */
                            inputMode?: "text_to_image" | "image_to_image" | "text_to_video" | "image_to_video";
                            /** @description A substring of the prompt, or { regex, flags? } */
                            prompt?: string | {
                                regex: string;
                                flags?: string;
                            };
                            /** @description An account id */
                            account?: string;
                            /** @description The share of the matching requests the rule takes (0 to 1), drawn from the seed */
                            chance?: number;
                        };
                        /** @description What happens when the request arrives */
                        submit?: {
                            /** @description Answer this instead: no task, no debit ({ status, body, headers? }) */
                            reject?: {
                                status: number;
                                body: {
                                    error: string;
                                } & {
                                    [key: string]: unknown;
                                };
                                headers?: {
                                    [key: string]: string;
                                };
                            };
                            /** @description How long the answer waits, in wall time: a duration or a range */
                            latency?: number | string;
                            /** @description error-before-commit (a 5xx, nothing stored) or drop-after-commit (stored, then the connection drops) */
                            fault?: ("error-before-commit" | "drop-after-commit") | {
                                /** @enum {string} */
                                type: "error-before-commit" | "drop-after-commit";
                                status?: number;
                                error?: string;
                            };
                            submissionUncertain?: boolean;
                            httpStatus?: number;
                            /** @description Fields of the new task */
                            set?: {
                                relayStatus?: string;
                                errorCode?: string;
                                errorMessage?: string;
                                upstreamHttpStatus?: number;
                                submissionUncertain?: boolean;
                                pollAfterSeconds?: number;
                                effectiveWatermark?: boolean;
                            };
                            /** @description Relay tasks: expiresAt this long after acceptance (default 1 h) */
                            expiresIn?: number | string;
                        };
                        /** @description The task's changes after acceptance: each { at, set?, refund? } */
                        timeline?: ({
                            /** @description After acceptance: a duration ("15s"), a range ("30s..120s"), "expiry" or "poll N" */
                            at: number | string;
                            /** @description Fields of the task, status (0, 1, 2) included */
                            set?: {
                                /** @enum {integer} */
                                status?: 0 | 1 | 2;
                                relayStatus?: string;
                                errorCode?: string;
                                errorMessage?: string;
                                upstreamHttpStatus?: number;
                                submissionUncertain?: boolean;
                                pollAfterSeconds?: number;
                                effectiveWatermark?: boolean;
                            };
                            /** @description true gives the credits back, once per task */
                            refund?: boolean;
                        } | unknown | unknown)[];
                        /** @description Hand the request to this scenario's rules; this rule's submit settings override theirs */
                        use?: string;
                    }[];
                };
            };
        };
        /** @description The scenario to make the default. */
        ScenarioChoice: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
    };
    headers: {
        /** @description The simulated clock at the time of the answer (RFC 9110 HTTP-date), so a client that reads it sees simulated time. */
        Date: string;
        /** @description The simulated clock at the time of the answer. Absent when the standalone server answers before the request reaches the routes (a refused Host or Origin, a crash). */
        DateIfRouted: string;
        /** @description The rest of the oversized body is never read, so the connection cannot carry another request. */
        ConnectionClose: "close";
        /** @description A hash of the body, for If-None-Match. */
        ETag: string;
        /** @description A hash of the JSON body, for If-None-Match. */
        ETagOfJson: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    openDashboard: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dashboard page (HTML, no data of its own) is at /__mock/. */
            308: {
                headers: {
                    Date: components["headers"]["Date"];
                    Location: "/__mock/";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    whoami: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Whoami"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getControlOpenApi: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClockState"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["ClockSet"];
        responses: {
            /** @description The clock. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClockState"];
                };
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    Date: components["headers"]["Date"];
                    Connection: components["headers"]["ConnectionClose"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    advanceClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["ClockAdvance"];
        responses: {
            /** @description The clock after the advance, and the task changes it applied. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Advanced"];
                };
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    Date: components["headers"]["Date"];
                    Connection: components["headers"]["ConnectionClose"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reset: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["Reset"];
        responses: {
            /** @description Reset, with the seed now in force and the keys it revoked (by account and last characters). */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResetDone"];
                };
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    Date: components["headers"]["Date"];
                    Connection: components["headers"]["ConnectionClose"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccounts: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The accounts. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountList"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["AccountCreate"];
        responses: {
            /** @description Created, with its API key. */
            201: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountCreated"];
                };
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Conflict. */
            409: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conflict"];
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    Date: components["headers"]["Date"];
                    Connection: components["headers"]["ConnectionClose"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path: {
                /** @description Account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountView"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFound"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path: {
                /** @description Account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["AccountPatch"];
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountView"];
                };
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFound"];
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    Date: components["headers"]["Date"];
                    Connection: components["headers"]["ConnectionClose"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccountClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path: {
                /** @description Account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountClock"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFound"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    advanceAccountClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path: {
                /** @description Account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["ClockAdvance"];
        responses: {
            /** @description The clock after the advance, and the task changes it applied. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Advanced"];
                };
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFound"];
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    Date: components["headers"]["Date"];
                    Connection: components["headers"]["ConnectionClose"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTasks: {
        parameters: {
            query?: {
                /** @description Only this account id. */
                account?: string;
                /** @description Only this status. */
                status?: 0 | 1 | 2;
                /** @description At most this many (default 100). */
                limit?: number;
                /** @description Skip this many matches first. */
                offset?: number;
                /** @description The nextCursor of the previous page: the page after it. */
                cursor?: string;
            };
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tasks; total counts every match. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskList"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    transitionTask: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path: {
                /** @description Task id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Transition"];
        responses: {
            /** @description The task. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskView"];
                };
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskNotFound"];
                };
            };
            /** @description Conflict. */
            409: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conflict"];
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    Date: components["headers"]["Date"];
                    Connection: components["headers"]["ConnectionClose"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listScenarios: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scenarios. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioList"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    loadScenario: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Scenario"];
        responses: {
            /** @description Replaced the scenario of this name. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioSaved"];
                };
            };
            /** @description Loaded a new scenario. */
            201: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioSaved"];
                };
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    Date: components["headers"]["Date"];
                    Connection: components["headers"]["ConnectionClose"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getScenario: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path: {
                /** @description Scenario name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scenario and where it came from. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioLoaded"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFound"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    chooseScenario: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["ScenarioChoice"];
        responses: {
            /** @description The default scenario now. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioChosen"];
                };
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    Date: components["headers"]["Date"];
                    Connection: components["headers"]["ConnectionClose"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRequests: {
        parameters: {
            query?: {
                /** @description Only this account id. */
                account?: string;
                /** @description Only this method (any case). */
                method?: string;
                /** @description Exact path, or with * for any run of characters. */
                path?: string;
                /** @description Only this status (0: dropped connection). */
                status?: number;
                /** @description Only requests about this task. */
                taskId?: string;
                /** @description Only requests whose W3C traceparent named this trace id (32 hex digits). */
                traceId?: string;
                /** @description Only entries after this seq. */
                since?: number;
                /** @description At most this many (default 100). */
                limit?: number;
                /** @description Skip this many matches first. */
                offset?: number;
                /** @description The nextCursor of the previous page: the page after it. */
                cursor?: string;
            };
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entries; total counts every match. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JournalList"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    clearRequests: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Emptied. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countRequests: {
        parameters: {
            query?: {
                /** @description Only this account id. */
                account?: string;
                /** @description Only this method (any case). */
                method?: string;
                /** @description Exact path, or with * for any run of characters. */
                path?: string;
                /** @description Only this status (0: dropped connection). */
                status?: number;
                /** @description Only requests about this task. */
                taskId?: string;
                /** @description Only requests whose W3C traceparent named this trace id (32 hex digits). */
                traceId?: string;
                /** @description Only entries after this seq. */
                since?: number;
            };
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The count. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Count"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportRequestsHar: {
        parameters: {
            query?: {
                /** @description Only this account id. */
                account?: string;
                /** @description Only this method (any case). */
                method?: string;
                /** @description Exact path, or with * for any run of characters. */
                path?: string;
                /** @description Only this status (0: dropped connection). */
                status?: number;
                /** @description Only requests about this task. */
                taskId?: string;
                /** @description Only requests whose W3C traceparent named this trace id (32 hex digits). */
                traceId?: string;
                /** @description Only entries after this seq. */
                since?: number;
                /** @description At most this many (default 1000). */
                limit?: number;
                /** @description Skip this many matches first. */
                offset?: number;
                /** @description The nextCursor of the previous page: the page after it. */
                cursor?: string;
            };
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HAR 1.2, oldest first. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Content-Disposition"?: string;
                    /** @description Past 8 MB of bodies the export stops: the cursor of the rest. */
                    "Genmock-Next-Cursor"?: string;
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Har"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConformanceFindings: {
        parameters: {
            query?: {
                /** @description Only this account id. */
                account?: string;
                /** @description Only this rule. */
                rule?: "poll-too-soon" | "poll-after-terminal" | "relay-without-key" | "key-reused-with-other-body" | "retry-with-new-key" | "key-in-browser" | "relay-media-without-auth" | "retry-after-eviction" | "read-of-evicted-task";
                /** @description Only findings of requests whose W3C traceparent named this trace id. */
                traceId?: string;
                /** @description json (default) or junit (JUnit XML). */
                format?: "json" | "junit";
            };
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The findings; with format=junit, JUnit XML. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETagOfJson"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindingList"];
                    "application/xml": string;
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    clearConformanceFindings: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cleared. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTaskDetail: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path: {
                /** @description Task id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task in detail. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskDetail"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskNotFound"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTaskMedia: {
        parameters: {
            query?: never;
            header?: {
                /** @description One byte range of a video. */
                Range?: string;
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path: {
                /** @description Task id */
                id: string;
                /** @description Image index, or 0 for a video. */
                index: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PNG or the MP4. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "video/mp4": string;
                };
            };
            /** @description The range asked for. */
            206: {
                headers: {
                    Date: components["headers"]["Date"];
                    "Content-Range": string;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Task not found, or Media not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskNotFound"] | components["schemas"]["NotFound"];
                };
            };
            /** @description A range past the end. */
            416: {
                headers: {
                    Date: components["headers"]["Date"];
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCoverage: {
        parameters: {
            query?: {
                /** @description Only these accounts, comma-separated (or the parameter repeated): their outcomes together. Without it, the whole run, requests that named no account included. */
                account?: string;
            };
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every outcome, met or not. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CoverageReport"];
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDriftReport: {
        parameters: {
            query?: {
                /** @description json (default) or junit (JUnit XML: one testcase per kind of finding). */
                format?: "json" | "junit";
            };
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Findings grouped by kind and place, and observations; with format=junit, JUnit XML. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETagOfJson"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DriftReport"];
                    "application/xml": string;
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    clearDriftReport: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cleared. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getState: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The snapshot. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        format?: "genmock-state";
                        /** @description The format's number (1 here). */
                        version: number;
                        /** @description The version of genmock that wrote it. */
                        genmock?: string;
                        /** Format: date-time */
                        savedAt?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putState: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    format?: "genmock-state";
                    /** @description The format's number (1 here). */
                    version: number;
                    /** @description The version of genmock that wrote it. */
                    genmock?: string;
                    /** Format: date-time */
                    savedAt?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Replaced. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        tasks: number;
                    };
                };
            };
            /** @description Invalid request: every failing field is listed. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequest"];
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    Date: components["headers"]["Date"];
                    Connection: components["headers"]["ConnectionClose"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStateStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state on disk. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether genmock keeps its state on disk (--state DIR). */
                        kept: boolean;
                        dir?: string;
                        /** @enum {unknown} */
                        strategy?: "scheduled" | "request" | "shutdown" | "manual";
                        /** Format: date-time */
                        lastSavedAt?: string;
                        /** @description Something changed since the last save. */
                        unsaved?: boolean;
                        /** @description Set while saves fail (a full disk): since, reason (ENOSPC…), attempts, refusing (changing requests answered 503 until a save works, with request), unsavedRequests. */
                        failing?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    saveState: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Saved. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether genmock keeps its state on disk (--state DIR). */
                        kept: boolean;
                        dir?: string;
                        /** @enum {unknown} */
                        strategy?: "scheduled" | "request" | "shutdown" | "manual";
                        /** Format: date-time */
                        lastSavedAt?: string;
                        /** @description Something changed since the last save. */
                        unsaved?: boolean;
                        /** @description Set while saves fail (a full disk): since, reason (ENOSPC…), attempts, refusing (changing requests answered 503 until a save works, with request), unsavedRequests. */
                        failing?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFound"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                    "application/openmetrics-text": string;
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFound"];
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMcpEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags held (a list, W/ compared weakly, or *): 304 while one is current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        protocol: "Model Context Protocol";
                        transport: string;
                        version: string;
                        tools: number;
                        docs: string;
                    };
                };
            };
            /** @description Not Modified: If-None-Match names the current ETag. */
            304: {
                headers: {
                    Date: components["headers"]["Date"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFound"];
                };
            };
            /** @description Method not allowed: MCP messages are POSTed. */
            405: {
                headers: {
                    Date: components["headers"]["Date"];
                    Allow?: "POST";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        message?: string;
                    };
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postMcpMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1: the dashboard's own request, kept out of the request log and msw's console log. */
                "Genmock-Dashboard"?: components["parameters"]["GenmockDashboard"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    jsonrpc: "2.0";
                } | {
                    /** @constant */
                    jsonrpc: "2.0";
                }[];
            };
        };
        responses: {
            /** @description The JSON-RPC answer (or answers, to a batch). */
            200: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        jsonrpc: "2.0";
                    } | {
                        /** @constant */
                        jsonrpc: "2.0";
                    }[];
                };
            };
            /** @description A notification or response taken; no body. */
            202: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not a JSON-RPC message, or not JSON. */
            400: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        jsonrpc: "2.0";
                        error: {
                            code: number;
                            message: string;
                        };
                    };
                };
            };
            /** @description genmock runs with --admin-token and this request carries neither the token nor a key the route takes: the message says which it needs. */
            401: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Unauthorized"];
                };
            };
            /** @description An account's key on a route that needs the admin token or another account (the message says which), or the standalone server refused the Host or Origin (the control API answers only loopback and listed origins). */
            403: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"] | components["schemas"]["AccessRefused"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFound"];
                };
            };
            /** @description Accept does not name both application/json and text/event-stream. */
            406: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        jsonrpc: "2.0";
                        error: {
                            code: number;
                            message: string;
                        };
                    };
                };
            };
            /** @description The body is larger than 1048576 bytes. */
            413: {
                headers: {
                    Date: components["headers"]["Date"];
                    Connection: components["headers"]["ConnectionClose"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description Content-Type is not application/json. */
            415: {
                headers: {
                    Date: components["headers"]["Date"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        jsonrpc: "2.0";
                        error: {
                            code: number;
                            message: string;
                        };
                    };
                };
            };
            /** @description Internal error (a genmock bug). */
            default: {
                headers: {
                    Date: components["headers"]["DateIfRouted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
