/** SVG imports resolve to the emitted file's URL (webpack asset/resource). */
declare module '*.svg' {
  const url: string;
  export default url;
}
