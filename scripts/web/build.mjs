// Bundles editor.mjs into web/static/vendor/codemirror.js with esbuild (build-editor.sh
// runs it). One change to a dependency, made here in the open: style-mod (CodeMirror's
// styles) puts its rules in a <style> element when mounted on a document, which the
// pages' Content-Security-Policy (style-src 'self') refuses; patched, it uses a
// constructed stylesheet (document.adoptedStyleSheets) wherever the browser has them,
// as it already does in a shadow root.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';

const styleModCSP = {
  name: 'style-mod-csp',
  setup(b) {
    b.onLoad({ filter: /style-mod[\\/]src[\\/]style-mod\.js$/ }, async (args) => {
      const src = await readFile(args.path, 'utf8');
      const from = 'if (!root.head && root.adoptedStyleSheets && win.CSSStyleSheet) {';
      if (!src.includes(from)) throw new Error('style-mod changed: review the CSP patch in build.mjs');
      return { contents: src.replace(from, 'if (root.adoptedStyleSheets && win.CSSStyleSheet) {'), loader: 'js' };
    });
  },
};

const banner = '/* CodeMirror 6 (MIT, codemirror.net; @codemirror/*, @lezer/*, style-mod, w3c-keyname, crelt, ' +
  '@marijn/find-cluster-break: MIT, (c) Marijn Haverbeke and others), bundled by scripts/web/build-editor.sh from scripts/web/editor.mjs */';

await build({
  entryPoints: ['editor.mjs'], bundle: true, format: 'esm', minify: true, target: 'es2020', legalComments: 'none',
  banner: { js: banner }, outfile: process.argv[2], plugins: [styleModCSP], logLevel: 'warning',
});
