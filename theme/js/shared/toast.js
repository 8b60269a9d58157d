// toast shows a short confirmation in the page's polite live region, so that
// screen readers announce it too. A message that says something went wrong
// stays longer (ms): it is read, not glanced at.
let timer;
export function toast(message, ms = 2000) {
  const el = document.getElementById("toast");
  if (!el) return;
  el.textContent = message;
  el.classList.add("show");
  clearTimeout(timer);
  timer = setTimeout(() => {
    el.classList.remove("show");
    el.textContent = "";
  }, ms);
}
