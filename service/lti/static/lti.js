// Sends a form marked data-autosubmit (the deep-linking answer back to the platform) once loaded;
// without script its button does the same.
document.querySelectorAll("form[data-autosubmit]").forEach((form) => form.submit());

// After a dynamic registration: tell the LMS's page (which opened us) that it may close us.
if (document.querySelector("[data-close]")) {
  (window.opener || window.parent).postMessage({ subject: "org.imsglobal.lti.close" }, "*");
}
