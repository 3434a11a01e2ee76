// The API reference page: Redoc (vendored, web/reference/VERSION) renders /openapi.json,
// from this server, with colours that keep WCAG AA contrast. Nothing is fetched from
// anywhere else.
/* global Redoc */
(function () {
  const ink = '#1b1f24';
  const accent = '#0b5cad';
  const options = {
    hideDownloadButton: false,
    expandResponses: '200,201',
    jsonSampleExpandLevel: 3,
    pathInMiddlePanel: true,
    theme: {
      colors: {
        primary: { main: accent },
        text: { primary: ink, secondary: '#4f5863' },
        success: { main: '#1d6b32' },
        warning: { main: '#8a4b00' },
        error: { main: '#a21b1b' },
        http: { get: '#1d6b32', post: '#0b5cad', put: '#8a4b00', patch: '#6b3fa0', delete: '#a21b1b', options: '#4f5863', head: '#4f5863' },
        responses: {
          success: { color: '#1d6b32', backgroundColor: '#e2f3e6' },
          error: { color: '#a21b1b', backgroundColor: '#fbe4e4' },
          redirect: { color: '#8a4b00', backgroundColor: '#fdf0dc' },
          info: { color: accent, backgroundColor: '#e3eefa' },
        },
      },
      typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' }, code: { color: '#8a1b4f' } },
      sidebar: { textColor: ink, backgroundColor: '#f7f7f5', activeTextColor: accent },
      rightPanel: { backgroundColor: '#1b2733', textColor: '#ffffff' },
    },
  };
  Redoc.init('/openapi.json', options, document.getElementById('redoc'), (err) => {
    document.body.dataset.ready = err ? 'error' : 'true';
  });
}());
