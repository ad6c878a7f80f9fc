/** Largest binary accepted by upload (firmware and software images, plugin packages). */
export const MAX_BINARY_BYTES = 200 * 1024 * 1024;
