// condottiere-no-python.js, written into every page of the JupyterLite site by tools/build_lite.py.
// The Python kernel loads Pyodide from PYODIDE_URL when a notebook starts.  Where that address
// cannot be reached (no internet on a site built with --cdn, a site copied without its Python),
// the kernel never starts and no cell runs: say so on the page, in the browser's language, with
// what to do.  It asks the same address once, as the page opens; nothing is shown when it answers.
(function () {
  "use strict";
  var PYODIDE_URL = __PYODIDE_URL__;
  var MESSAGES = __MESSAGES__;
  var WAIT_MS = 15000;
  var script = document.currentScript;
  var url = new URL(PYODIDE_URL, script ? script.src : document.baseURI).href;

  function language() {
    var asked = (navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language];
    for (var i = 0; i < asked.length; i++) {
      var lang = String(asked[i] || "").toLowerCase().split("-")[0];
      if (MESSAGES[lang]) return lang;
    }
    return "en";
  }

  function show() {
    if (document.getElementById("cnb-no-python")) return;
    var lang = language(), m = MESSAGES[lang];
    var box = document.createElement("div");
    box.id = "cnb-no-python";
    box.setAttribute("role", "alert");
    box.lang = lang;
    box.dir = lang === "fa" ? "rtl" : "ltr";
    box.style.cssText = "position:fixed;z-index:100000;top:12px;left:50%;transform:translateX(-50%);" +
      "max-width:min(640px,calc(100vw - 24px));box-sizing:border-box;padding:14px 18px;border-radius:6px;" +
      "background:#fff4e5;color:#3b2400;border:2px solid #b35c00;box-shadow:0 4px 16px rgba(0,0,0,.3);" +
      "font:15px/1.45 system-ui,sans-serif";
    var title = document.createElement("strong");
    title.className = "cnb-no-python-title";
    title.textContent = m.title;
    title.style.cssText = "display:block;font-size:17px;margin-bottom:6px";
    var advice = document.createElement("div");
    advice.className = "cnb-no-python-advice";
    advice.textContent = m.advice;
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = m.close;
    close.style.cssText = "margin-top:10px;font:inherit;padding:2px 12px";
    close.onclick = function () { box.remove(); };
    box.appendChild(title);
    box.appendChild(advice);
    box.appendChild(close);
    (document.body || document.documentElement).appendChild(box);
  }

  function check() {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); show(); }, WAIT_MS);
    // no-cors: a CDN's answer is opaque but arrives; only a failed request rejects
    fetch(url, {mode: "no-cors", cache: "no-store", signal: controller ? controller.signal : undefined})
      .then(function (r) { clearTimeout(timer); if (r.type !== "opaque" && !r.ok) show(); })
      .catch(function () { clearTimeout(timer); show(); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", check);
  else check();
})();
