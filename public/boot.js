// Before the app's wasm runs: show how much of it has arrived, and register
// the service worker. Loaded (deferred) before trunk's module script.
"use strict";

(function () {
  // Download progress: wrap fetch for .wasm files only, reading the body as
  // it streams in and handing the same bytes on (with the same headers, so
  // WebAssembly.instantiateStreaming still accepts it).
  var status = document.getElementById("boot-progress");
  if (status && window.fetch && window.ReadableStream) {
    var realFetch = window.fetch.bind(window);
    window.fetch = function (input, init) {
      var url = typeof input === "string" ? input : input && input.url;
      var p = realFetch(input, init);
      if (!url || !/app-[^/]*_bg\.wasm$/.test(String(url).split("?")[0])) return p;
      return p.then(function (res) {
        if (!res.ok || !res.body) return res;
        // The body arrives decoded, so the total is the file's own size:
        // written into the page at build time (scripts/gen-sw.sh) because a
        // compressing host's Content-Length counts encoded bytes.
        var built = +status.getAttribute("data-wasm-bytes") || 0;
        var total = built || (res.headers.get("content-encoding") ? 0 : +res.headers.get("content-length") || 0);
        var got = 0;
        var reader = res.body.getReader();
        var mb = function (n) {
          return (n / 1048576).toFixed(1);
        };
        var show = function () {
          status.textContent = total
            ? mb(got) + " of " + mb(total) + " MB (" + Math.min(100, Math.round((100 * got) / total)) + " %)"
            : mb(got) + " MB";
          status.setAttribute("data-bytes", String(got));
        };
        var stream = new ReadableStream({
          pull: function (controller) {
            return reader.read().then(function (r) {
              if (r.done) {
                status.textContent = "Starting…";
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
  // compete with the first screen on a slow link (issue 19).
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
