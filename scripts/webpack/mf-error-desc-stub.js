// Remote entries only: error codes keep their code (e.g. RUNTIME-008) but the long descriptions
// live in the host's runtime, which reports them.
export const runtimeDescMap = {};
export const typeDescMap = {};
export const buildDescMap = {};
export const errorDescMap = {};
