// Starts the app of a server-rendered page once its HTML has been painted (render-page.ts lists the
// code in #app-code instead of loading it from the <head>): on a phone the page shows at once,
// without waiting for the JavaScript to arrive and run first. Until the app has taken the page
// over, a layer holds clicks (render-page.ts). Plain script: it runs before any bundle.
(function () {
  var list = document.getElementById('app-code');
  if (!list) return;
  var code = JSON.parse(list.textContent);
  var started = false;
  function add(attributes) {
    var element = document.createElement(attributes.tag);
    for (var name in attributes) if (name !== 'tag') element[name] = attributes[name];
    element.crossOrigin = '';
    return document.head.appendChild(element);
  }
  // The preloads go in a few at a time, a task each: each one costs the page about half a millisecond
  // on a fast desktop (several on a phone), so the app's thirty to forty fetches started in one task,
  // or even eight at a time, make long tasks on a phone. Then the steps (src/react-dom-step.ts), each
  // evaluated in a task of its own, and the entry last; their imports are on their way by then.
  function loadApp() {
    var rest = code.preload.slice();
    var steps = (code.steps || []).slice();
    function nextStep() {
      var src = steps.shift();
      if (!src) return add({ tag: 'script', type: 'module', src: code.entry });
      // A step that fails to load is only a step: the entry imports what it would have started.
      var script = add({ tag: 'script', type: 'module', src: src });
      script.onload = script.onerror = function () {
        setTimeout(nextStep, 0);
      };
    }
    (function next() {
      rest.splice(0, 4).forEach(function (href) {
        add({ tag: 'link', rel: 'modulepreload', href: href });
      });
      if (rest.length) setTimeout(next, 0);
      else nextStep();
    })();
  }
  function start() {
    if (started) return;
    started = true;
    // An island page (every public page today): the island script first, which loads the app with this
    // when it is needed (src/islands.ts).
    if (code.island) {
      window.umrahLoadApp = loadApp;
      code.islandPreload.forEach(function (href) {
        add({ tag: 'link', rel: 'modulepreload', href: href });
      });
      add({ tag: 'script', type: 'module', src: code.island });
      return;
    }
    loadApp();
  }
  // After the next paint: a frame, then a task. The timer covers a tab in the background, where
  // frames wait until it is shown.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
