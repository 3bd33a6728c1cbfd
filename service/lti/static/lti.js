// Sends a form marked data-autosubmit (the deep-linking answer back to the platform) once loaded;
// without script its button does the same.
document.querySelectorAll("form[data-autosubmit]").forEach((form) => form.submit());

// After a dynamic registration: tell the LMS's page (which opened us) that it may close us.
if (document.querySelector("[data-close]")) {
  (window.opener || window.parent).postMessage({ subject: "org.imsglobal.lti.close" }, "*");
}

// Login inside the LMS's frame: go on to the LMS only if this frame keeps cookies (the launch
// needs the state cookie back); else offer the same login in a tab of its own.
const check = document.querySelector("[data-cookie-check]");
if (check) {
  if (document.cookie.split("; ").includes("lti1p3-probe=1")) {
    window.location.replace(check.dataset.location);
  } else {
    check.hidden = true;
    document.getElementById("no-cookies").hidden = false;
  }
}
