/** An image the component apps import (test/apps/components): esbuild copies it and gives its address. */
declare module '*.svg' {
  const url: string;
  export default url;
}
