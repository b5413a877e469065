// The one global the engine uses beyond ES2023: every runtime genmock supports (Node ≥ 20, browsers)
// has it, but its type lives in the DOM and Node libraries, which tsconfig.core.json leaves out.
declare function structuredClone<T>(value: T): T
