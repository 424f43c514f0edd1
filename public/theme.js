// Apply the stored theme before the first paint (no flash). A file rather
// than an inline snippet, so the page's Content-Security-Policy can forbid
// inline script.
try {
  var t = localStorage.getItem("tessera.theme");
  if (!t) t = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  document.documentElement.setAttribute("data-theme", t);
} catch (e) {}
