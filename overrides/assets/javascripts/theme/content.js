// Material for MkDocs' inline content script (partials/javascripts/content.html), as a file
// (strict CSP): a link to a content tab's anchor selects that tab.
"use strict";
(function () {
  var target = document.getElementById(location.hash.slice(1));
  if (target && target.name) target.checked = target.name.startsWith("__tabbed_");
})();
