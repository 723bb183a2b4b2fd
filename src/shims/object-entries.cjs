// node-polyglot's `require('object.entries')` (an ES2017 polyfill with its get-intrinsic, call-bind and
// es-* dependencies, 5 KB gzipped on every logged-in first load), answered by the browser's own
// Object.entries: every browser the back-office supports has it (vite.config.ts).
module.exports = Object.entries;
