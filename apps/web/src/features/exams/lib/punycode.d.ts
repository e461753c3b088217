// punycode.js's browser build, named by its file: a bare `punycode` is Node's own deprecated
// module wherever Node resolves it (the component tests). Its types are @types/punycode's.
declare module 'punycode/punycode.es6.js' {
  export { toUnicode } from 'punycode';
}
