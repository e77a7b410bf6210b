// A third entry of the web build, evaluated by public/boot.js in a task of its own just before the
// app's entry (main.tsx). It runs React DOM's module code (a CommonJS factory: React DOM is
// evaluated where it is first imported). Its errors made at start (React's SuspenseException and
// the like) make a browser with developer tools attached (Lighthouse, Playwright) re-read every
// script on the stack for its source positions: when that stack held the app's entry, the whole
// 300 kB entry was parsed again inside the one long task of the app's start. From here the stack
// holds only this file and React DOM, and the work is a task of its own.
export { hydrateRoot } from 'react-dom/client';
