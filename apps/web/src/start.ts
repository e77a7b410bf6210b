// The app's entry (index.html). Its stylesheets are imported here, so that the build links them from
// the <head> and a server-rendered page is drawn styled before any code runs. Its code is evaluated
// in steps, each in a task of its own: all of it at once (React DOM, Mantine, the router, the query
// cache and the app) is one task of about 100 ms on a mid-range phone, in which a tap waits. The
// steps' chunks are preloaded from the <head> with the entry (vite.config.ts, stagedEntry), so
// splitting costs no extra round trip.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await import('react-dom/client');
await nextTask();
await import('./main');
