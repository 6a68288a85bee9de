// Applies the saved colour scheme before the first paint (Mantine's localStorage key).
// A file, not an inline script, so a strict Content-Security-Policy allows it.
(() => {
  try {
    const saved = localStorage.getItem('mantine-color-scheme-value') || 'auto';
    const dark = saved === 'dark' || (saved === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch {
    // Storage blocked: Mantine applies the scheme itself once it starts.
  }
})();
