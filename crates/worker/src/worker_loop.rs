//! The Web Worker's message loop (wasm32 only).
//!
//! Requests arrive as JSON strings on the worker's `onmessage`; while a job
//! runs, the loop works in slices of a few milliseconds and, between slices,
//! yields to the event loop through a `MessageChannel` (a zero-delay task,
//! unlike nested `setTimeout`, which browsers clamp to 4 ms) so that a
//! `Cancel` posted by the page is read promptly.

use std::cell::RefCell;
use std::rc::Rc;
use tessera_jobs::protocol::{decode, encode, Message, Reply, Request, PROTOCOL_VERSION};
use tessera_jobs::runner::{Runner, SLICE_MS};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageChannel, MessageEvent};

struct Loop {
    scope: DedicatedWorkerGlobalScope,
    runner: Runner,
    channel: MessageChannel,
    /// A wake-up message is in flight on the channel.
    scheduled: bool,
}

impl Loop {
    fn now(&self) -> f64 {
        self.scope
            .performance()
            .map(|p| p.now())
            .unwrap_or_else(js_sys::Date::now)
    }

    fn post(&self, replies: Vec<Reply>) {
        for r in replies {
            self.send(&Message::Event(r));
        }
    }

    fn send(&self, message: &Message) {
        if let Err(e) = self
            .scope
            .post_message(&JsValue::from_str(&encode(message)))
        {
            web_sys::console::error_2(&"worker: postMessage failed".into(), &e);
        }
    }

    fn schedule(&mut self) {
        if self.runner.busy() && !self.scheduled {
            self.scheduled = true;
            let _ = self.channel.port2().post_message(&JsValue::NULL);
        }
    }
}

/// Entry point of the worker binary.
pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let state = Rc::new(RefCell::new(Loop {
        scope: scope.clone(),
        runner: Runner::new(),
        channel: MessageChannel::new().expect("MessageChannel is available in workers"),
        scheduled: false,
    }));

    // One slice of work per wake-up, then yield.
    let s = state.clone();
    let on_tick = Closure::<dyn FnMut(MessageEvent)>::new(move |_e: MessageEvent| {
        let mut l = s.borrow_mut();
        l.scheduled = false;
        let scope = l.scope.clone();
        let mut clock = move || scope.performance().map(|p| p.now()).unwrap_or(0.0);
        let out = l.runner.slice(&mut clock, SLICE_MS);
        l.post(out);
        l.schedule();
    });
    state
        .borrow()
        .channel
        .port1()
        .set_onmessage(Some(on_tick.as_ref().unchecked_ref()));
    on_tick.forget();

    // Requests from the page.
    let s = state.clone();
    let on_request = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let mut l = s.borrow_mut();
        let Some(text) = e.data().as_string() else {
            web_sys::console::warn_1(&"worker: ignoring a non-string message".into());
            return;
        };
        match decode::<Request>(&text) {
            Ok(request) => {
                let now = l.now();
                let out = l.runner.handle(request, now);
                l.post(out);
                l.schedule();
            }
            Err(message) => web_sys::console::error_1(&message.into()),
        }
    });
    scope.set_onmessage(Some(on_request.as_ref().unchecked_ref()));
    on_request.forget();

    state.borrow().send(&Message::Ready {
        protocol: PROTOCOL_VERSION,
    });
}
