/** Text files imported whole through Vite's `?raw` suffix (test fixtures such as the XSS corpus). */
declare module '*.txt?raw' {
  const text: string;
  export default text;
}
