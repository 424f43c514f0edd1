// Before the app's wasm runs: show how much of it has arrived, and register
// the service worker. Loaded (deferred) before trunk's module script.
"use strict";

(function () {
  // Download progress: wrap fetch for the app's wasm parts only (the main
  // module and the chunks the route needs, all under app-<hash>/), reading
  // each body as it streams in and handing the same bytes on (with the same
  // headers, so WebAssembly.instantiateStreaming still accepts it). The
  // total is set by index.html's loader (scripts/build-app.mjs) from the
  // parts' real sizes: the body arrives decoded, while a compressing host's
  // Content-Length counts encoded bytes.
  var status = document.getElementById("boot-progress");
  if (status && window.fetch && window.ReadableStream) {
    var realFetch = window.fetch.bind(window);
    var got = 0;
    var mb = function (n) {
      return (n / 1048576).toFixed(1);
    };
    var show = function () {
      if (!document.getElementById("boot-progress")) return;
      var total = +status.getAttribute("data-wasm-bytes") || 0;
      status.textContent =
        total && got >= total
          ? "Starting…"
          : total
            ? mb(got) + " of " + mb(total) + " MB (" + Math.min(100, Math.round((100 * got) / total)) + " %)"
            : mb(got) + " MB";
      status.setAttribute("data-bytes", String(got));
    };
    window.fetch = function (input, init) {
      // A string, a URL (the chunk loader's `new URL(…)`) or a Request.
      var url = input && typeof input === "object" && "url" in input ? input.url : String(input);
      var p = realFetch(input, init);
      if (!url || !/\/app-[0-9a-f]+\/[^/]*\.wasm$/.test(String(url).split("?")[0])) return p;
      return p.then(function (res) {
        if (!res.ok || !res.body) return res;
        var reader = res.body.getReader();
        var stream = new ReadableStream({
          pull: function (controller) {
            return reader.read().then(function (r) {
              if (r.done) {
                controller.close();
                return;
              }
              got += r.value.byteLength;
              show();
              controller.enqueue(r.value);
            });
          },
          cancel: function (why) {
            return reader.cancel(why);
          },
        });
        return new Response(stream, { status: res.status, statusText: res.statusText, headers: res.headers });
      });
    };
  }

  // The panic banner's buttons (crates/web/src/ui/panic.rs): plain JS, so
  // they work after the wasm has trapped, and no inline handler (CSP).
  document.addEventListener("click", function (e) {
    var b = e.target && e.target.closest ? e.target.closest("[data-panic-action]") : null;
    if (!b) return;
    if (b.getAttribute("data-panic-action") === "reload") location.reload();
    else {
      var banner = b.closest(".panic-banner");
      if (banner) banner.remove();
    }
  });

  // Offline support: a service worker generated at build time
  // (scripts/gen-sw.sh) precaches this build. Relative URL: any sub-path.
  // Registered once the app is on screen and the page is idle: its precache
  // downloads the worker, the catalogue and the icons, which must not
  // compete with the first screen on a slow link.
  if ("serviceWorker" in navigator) {
    var hadController = !!navigator.serviceWorker.controller;
    var register = function () {
      navigator.serviceWorker
        .register("./sw.js")
        .then(function (reg) {
          // A newer build waiting (installed while this page was open, or
          // by another tab): offer it. It is never forced on a running page.
          if (reg.waiting && navigator.serviceWorker.controller) offer(reg);
          reg.addEventListener("updatefound", function () {
            var next = reg.installing;
            if (!next) return;
            next.addEventListener("statechange", function () {
              if (next.state === "installed" && navigator.serviceWorker.controller) offer(reg);
            });
          });
        })
        .catch(function (e) {
          console.warn("service worker not registered:", e && e.message);
        });
    };
    var whenIdle = function () {
      if (window.requestIdleCallback) requestIdleCallback(register, { timeout: 3000 });
      else setTimeout(register, 500);
    };
    var root = document.documentElement;
    var isReady = function () {
      return root.getAttribute("data-app") === "ready";
    };
    if (isReady()) whenIdle();
    else
      new MutationObserver(function (_, observer) {
        if (!isReady()) return;
        observer.disconnect();
        whenIdle();
      }).observe(root, { attributes: true, attributeFilter: ["data-app"] });
    // The user chose the new build: once it controls the page, reload.
    // Another tab's choice also hands this page to the new build: say so
    // (its files may now come from the new build: reload soon).
    var reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (reloading) return;
      if (wantUpdate) {
        reloading = true;
        location.reload();
      } else if (hadController) {
        offer(null, "Tessera was updated in another tab. Reload this page to use the new version.");
      }
      // The first install's claim of this page is not an update; the next
      // change of controller is.
      hadController = true;
    });
    var wantUpdate = false;
    var offer = function (reg, message) {
      var old = document.getElementById("update-notice");
      if (old && !message) return;
      if (old) old.remove();
      var n = document.createElement("div");
      n.id = "update-notice";
      n.className = "update-notice";
      n.setAttribute("role", "status");
      n.setAttribute("data-testid", "update-notice");
      var text = document.createElement("span");
      text.textContent =
        message || "A new version of Tessera is ready. This page keeps the version it started with until you reload.";
      var button = document.createElement("button");
      button.type = "button";
      button.setAttribute("data-testid", "update-reload");
      button.textContent = "Reload";
      button.addEventListener("click", function () {
        wantUpdate = true;
        if (reg && reg.waiting) reg.waiting.postMessage("skip-waiting");
        else location.reload();
      });
      n.appendChild(text);
      n.appendChild(document.createTextNode(" "));
      n.appendChild(button);
      document.body.appendChild(n);
    };
  }
})();
