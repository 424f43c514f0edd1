//! A panic never leaves a blank page: besides logging it to the console
//! (`console_error_panic_hook`), the hook puts a banner on top of whatever
//! is rendered, built with plain DOM calls; its buttons are handled by
//! `public/boot.js` (a delegated click listener on `data-panic-action`), so
//! they work although the wasm instance can no longer be trusted, and no
//! inline handler is needed (the page's CSP forbids them). The user's
//! puzzle is in the URL and in localStorage, so "Reload" recovers it.

use std::panic::PanicHookInfo;
use std::sync::atomic::{AtomicBool, Ordering};

static SHOWN: AtomicBool = AtomicBool::new(false);

pub fn install() {
    std::panic::set_hook(Box::new(|info: &PanicHookInfo| {
        console_error_panic_hook::hook(info);
        if !SHOWN.swap(true, Ordering::SeqCst) {
            show_banner(&info.to_string());
        }
    }));
}

fn show_banner(detail: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(banner) = doc.create_element("div") else {
        return;
    };
    banner.set_class_name("panic-banner");
    let _ = banner.set_attribute("role", "alert");
    let _ = banner.set_attribute("data-testid", "panic-banner");
    banner.set_inner_html(
        "<strong>Something went wrong inside Tessera.</strong> \
         <span>Your puzzle is saved: reload to continue where you were.</span> \
         <code class=\"panic-detail\"></code> \
         <span class=\"panic-actions\">\
         <button type=\"button\" data-panic-action=\"reload\">Reload</button> \
         <button type=\"button\" class=\"ghost\" data-panic-action=\"dismiss\">Dismiss</button>\
         </span>",
    );
    if let Ok(Some(code)) = banner.query_selector(".panic-detail") {
        code.set_text_content(Some(detail));
    }
    if let Some(body) = doc.body() {
        let _ = body.prepend_with_node_1(&banner);
    }
}
