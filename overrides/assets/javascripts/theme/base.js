// Material for MkDocs' inline bootstrap (partials/javascripts/base.html), as a file so the
// site runs under a Content-Security-Policy without 'unsafe-inline'. Same globals, same
// behaviour: the storage scope is the site root given in data-md-scope.
"use strict";
(function () {
  var scope = document.currentScript.getAttribute("data-md-scope");
  window.__md_scope = new URL(scope, location);
  window.__md_hash = function (text) {
    return Array.from(text).reduce(function (hash, char) {
      return (hash << 5) - hash + char.charCodeAt(0);
    }, 0);
  };
  window.__md_get = function (key, storage = localStorage, base = window.__md_scope) {
    return JSON.parse(storage.getItem(base.pathname + "." + key));
  };
  window.__md_set = function (key, value, storage = localStorage, base = window.__md_scope) {
    try {
      storage.setItem(base.pathname + "." + key, JSON.stringify(value));
    } catch (error) {
      // Storage may be full or disabled: the preference is simply not kept.
    }
  };
})();
