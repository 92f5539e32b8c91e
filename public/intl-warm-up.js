// Loads the browser's locale data for the page's language (passed as the worker's name) off the
// main thread. The data is shared by the whole page, so the page's own first Intl formatter, in
// the middle of a view's first render, then costs a millisecond instead of a phone's 20-40 ms.
// See components/layout/intl-warm-up.tsx.
try {
  new Intl.NumberFormat(self.name).format(0);
  new Intl.DateTimeFormat(self.name, { dateStyle: 'full' }).format(0);
} catch {
  // An unknown language: the page formats with its defaults and pays its own way.
} finally {
  self.close();
}
