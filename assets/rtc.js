// WebRTC data channels for play across devices, with no server: window.renardiereRtc.
// The host's page holds the game and one connection per remote seat ("peerId"); each guest's
// phone holds one. The offer and the answer travel as codes in QR codes or links (ui/net/pairing.py
// packs them); this file only makes the connections, carries text, and reads QR codes.
//   offer(peerId, iceServers)          host: a new connection; resolves with the offer's SDP
//   accept(peerId, answerSdp)          host: the guest's answer
//   answer(peerId, offerSdp, iceServers)  guest: resolves with the answer's SDP
//   send(peerId, text) -> boolean      false if that channel is not open
//   close(peerId), state(peerId)       "new" / "connecting" / "open" / "closed" (also unknown)
//   listen(fn) -> unlisten             fn(peerId, kind, data): "open", "message" (data: the
//                                      text), "close" (the other side left, or the connection
//                                      failed or stayed disconnected); not for a connection
//                                      ended here, by close() or a new offer/answer of its peerId;
//                                      and "tick" (peerId ""), every TICK_MS while a channel is
//                                      open: the heartbeat's pace (ui/net/heartbeat.py)
//   scan(video, onText, facing) -> stop  the camera in <video>, each new QR text to onText;
//                                      facing "user" films from the screen's side
//   askCamera() -> boolean             see below
//   jsqr(), decodeImage(imageData)     the fallback QR reader (loaded on first need)
// No ICE servers by default (iceServers []): host candidates only, for devices on one Wi-Fi
// or hotspot; a STUN server is the player's choice. The whole candidate list goes in the
// description (gathering is awaited), as nothing carries candidates afterwards.
// A plain script, no module, no inline code (the page's CSP), nothing fetched but our own
// assets/runtime/jsqr/jsQR.js, and only when a camera without BarcodeDetector needs it.
(() => {
  "use strict";
  const GATHER_MS = 3000;          // at most, waiting for the ICE candidates
  const DISCONNECTED_MS = 15000;   // "disconnected" this long: given up (it may come back)
  const TICK_MS = 500;             // the heartbeat's clock (heartbeat.TICK)
  const SCAN_MS = 125;             // about 8 camera frames a second
  const SCAN_WIDTH = 640;          // jsQR reads frames scaled down to this width
  const here = document.currentScript ? document.currentScript.src : location.href;
  const JSQR_URL = new URL("runtime/jsqr/jsQR.js", here).href;

  const peers = new Map();         // peerId -> {pc, channel, state, timer}
  const listeners = new Set();
  let ticker = 0;                  // the "tick" interval, while a channel is open

  function anyOpen() { return [...peers.values()].some((e) => e.state === "open"); }

  function ticking() {
    if (ticker || !anyOpen()) return;
    ticker = setInterval(() => {
      if (anyOpen()) emit("", "tick");
      else { clearInterval(ticker); ticker = 0; }
    }, TICK_MS);
  }

  function emit(peerId, kind, data) {
    for (const fn of [...listeners]) {
      try { fn(peerId, kind, data); } catch (e) { reportError(e); }
    }
  }

  function live(peerId, entry) { return peers.get(peerId) === entry; }

  // Ends a connection; "close" is said only when it ended by itself (not by close()).
  function end(peerId, entry, say) {
    if (entry.state === "closed") return;
    entry.state = "closed";
    clearTimeout(entry.timer);
    try { if (entry.channel) entry.channel.close(); } catch (e) { /* already gone */ }
    try { entry.pc.close(); } catch (e) { /* already gone */ }
    if (live(peerId, entry)) {
      peers.delete(peerId);
      if (say) emit(peerId, "close");
    }
  }

  function fresh(peerId, iceServers) {
    close(peerId);
    const pc = new RTCPeerConnection({ iceServers: Array.isArray(iceServers) ? iceServers : [] });
    const entry = { pc, channel: null, state: "new", timer: 0 };
    peers.set(peerId, entry);
    pc.addEventListener("connectionstatechange", () => {
      const s = pc.connectionState;
      clearTimeout(entry.timer);
      if (s === "failed" || s === "closed") end(peerId, entry, true);
      else if (s === "disconnected") entry.timer = setTimeout(() => end(peerId, entry, true), DISCONNECTED_MS);
    });
    return entry;
  }

  function wire(peerId, entry, channel) {
    entry.channel = channel;
    channel.addEventListener("open", () => {
      if (!live(peerId, entry) || entry.state === "closed") return;
      entry.state = "open";
      emit(peerId, "open");
      ticking();
    });
    channel.addEventListener("message", (e) => {
      if (live(peerId, entry) && typeof e.data === "string") emit(peerId, "message", e.data);
    });
    channel.addEventListener("close", () => end(peerId, entry, true));
  }

  // Resolves when the browser has every candidate it will find (or after GATHER_MS).
  function gathered(pc) {
    return new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") return resolve();
      const timer = setTimeout(done, GATHER_MS);
      function done() {
        clearTimeout(timer);
        pc.removeEventListener("icegatheringstatechange", check);
        resolve();
      }
      function check() { if (pc.iceGatheringState === "complete") done(); }
      pc.addEventListener("icegatheringstatechange", check);
    });
  }

  // Runs a side's steps on a fresh connection; if one fails, the connection goes with it.
  async function begin(peerId, iceServers, steps) {
    const entry = fresh(peerId, iceServers);
    try {
      await steps(entry);
      entry.state = "connecting";
      await gathered(entry.pc);
      return entry.pc.localDescription.sdp;
    } catch (e) {
      if (live(peerId, entry)) close(peerId);
      throw e;
    }
  }

  function offer(peerId, iceServers) {
    return begin(peerId, iceServers, async (entry) => {
      wire(peerId, entry, entry.pc.createDataChannel("game", { ordered: true }));
      await entry.pc.setLocalDescription(await entry.pc.createOffer());
    });
  }

  async function accept(peerId, answerSdp) {
    const entry = peers.get(peerId);
    if (!entry || entry.pc.signalingState !== "have-local-offer") {
      throw new Error(`renardiereRtc.accept: no offer waits for an answer (${peerId})`);
    }
    await entry.pc.setRemoteDescription({ type: "answer", sdp: answerSdp });
  }

  function answer(peerId, offerSdp, iceServers) {
    return begin(peerId, iceServers, async (entry) => {
      entry.pc.addEventListener("datachannel", (e) => {
        if (e.channel.label === "game" && !entry.channel) wire(peerId, entry, e.channel);
      });
      await entry.pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
      await entry.pc.setLocalDescription(await entry.pc.createAnswer());
    });
  }

  function send(peerId, text) {
    const entry = peers.get(peerId);
    if (!entry || !entry.channel || entry.channel.readyState !== "open") return false;
    try { entry.channel.send(String(text)); return true; } catch (e) { return false; }
  }

  function close(peerId) {
    const entry = peers.get(peerId);
    if (entry) {
      peers.delete(peerId);
      end(peerId, entry, false);
    }
  }

  // A page that goes (closed, reloaded, left) ends its connections itself: the other side
  // hears the channel close at once, and says the page closed, not the network after the
  // heartbeat's silence.
  addEventListener("pagehide", () => { for (const id of [...peers.keys()]) close(id); });

  function state(peerId) {
    const entry = peers.get(peerId);
    return entry ? entry.state : "closed";
  }

  function listen(fn) {
    listeners.add(fn);
    return () => listeners.delete(fn);
  }

  // Browsers write a host candidate's address as a random "<uuid>.local" name (mDNS), which
  // the other device resolves on the local network, unless the page holds the permission of
  // the camera or the microphone: then they write the device's real address. Some networks
  // carry no mDNS (multicast) between devices; asking for the camera once, before offer(),
  // lets that offer carry the address. The camera is stopped at once: only the permission
  // counts. Resolves false if refused or if there is no camera.
  async function askCamera() {
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return false;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
      stream.getTracks().forEach((t) => t.stop());
      return true;
    } catch (e) {
      return false;
    }
  }

  // -- reading QR codes ------------------------------------------------------------------
  let jsqrLoading = null;

  // Loads jsQR (our copy, from this site) once; resolves when window.jsQR is there.
  function jsqr() {
    if (window.jsQR) return Promise.resolve();
    if (!jsqrLoading) {
      jsqrLoading = new Promise((resolve, reject) => {
        const s = document.createElement("script");
        s.src = JSQR_URL;
        s.onload = () => resolve();
        s.onerror = () => { jsqrLoading = null; reject(new Error("jsQR did not load")); };
        document.head.appendChild(s);
      });
    }
    return jsqrLoading;
  }

  // The text of a QR code in an ImageData (dark on light), or null; needs jsqr() first.
  function decodeImage(imageData) {
    if (!window.jsQR) throw new Error("renardiereRtc.decodeImage: await renardiereRtc.jsqr() first");
    const found = window.jsQR(imageData.data, imageData.width, imageData.height,
                              { inversionAttempts: "dontInvert" });
    return found ? found.data : null;
  }

  // A function (video) -> Promise<text or null>: BarcodeDetector where it reads QR codes,
  // else jsQR on the frame drawn into a canvas.
  async function frameReader() {
    if ("BarcodeDetector" in window) {
      try {
        if ((await BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
          const detector = new BarcodeDetector({ formats: ["qr_code"] });
          return async (video) => {
            const codes = await detector.detect(video);
            return codes.length ? codes[0].rawValue : null;
          };
        }
      } catch (e) { /* no usable detector: jsQR */ }
    }
    await jsqr();
    const canvas = document.createElement("canvas");
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    return async (video) => {
      const scale = Math.min(1, SCAN_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      return decodeImage(ctx.getImageData(0, 0, canvas.width, canvas.height));
    };
  }

  // Films with the back camera (facing "user": the front one) into `video` and calls
  // onText(text) for each QR text it had not just read. Resolves with stop(), which stops the
  // camera; rejects if the camera is refused. A `video` with an id that a redraw of the page
  // replaced is found again by that id, and the film goes on in the new one.
  async function scan(video, onText, facing) {
    const stream = await navigator.mediaDevices.getUserMedia(
      { video: { facingMode: facing === "user" ? "user" : "environment" }, audio: false });
    let stopped = false, busy = false, last = null, timer = 0;
    const show = (v) => {
      v.muted = true;
      v.setAttribute("playsinline", "");
      v.srcObject = stream;
      return v.play();
    };
    const stop = () => {
      stopped = true;
      clearInterval(timer);
      stream.getTracks().forEach((t) => t.stop());
      video.srcObject = null;
    };
    try {
      await show(video);
      const read = await frameReader();
      timer = setInterval(async () => {
        if (stopped || busy) return;
        if (!video.isConnected && video.id) {
          const now = document.getElementById(video.id);
          if (now && now !== video) {
            video.srcObject = null;
            video = now;
            show(video).catch(() => {});
          }
        }
        if (video.readyState < 2 || !video.videoWidth) return;
        busy = true;
        try {
          const text = await read(video);
          if (!stopped && text && text !== last) {
            last = text;
            onText(text);
          }
        } catch (e) { /* a frame that cannot be read: the next one */ }
        busy = false;
      }, SCAN_MS);
    } catch (e) {
      stop();
      throw e;
    }
    return stop;
  }

  window.renardiereRtc = { offer, accept, answer, send, close, state, listen, scan, askCamera, jsqr, decodeImage };
})();
