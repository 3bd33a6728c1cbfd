// Sends a form marked data-autosubmit (the deep-linking answer back to the platform) once loaded;
// without script its button does the same.
document.querySelectorAll("form[data-autosubmit]").forEach((form) => form.submit());
