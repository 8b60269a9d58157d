// toast shows a short confirmation in the page's polite live region, so that
// screen readers announce it too.
let timer;
export function toast(message) {
  const el = document.getElementById("toast");
  if (!el) return;
  el.textContent = message;
  el.classList.add("show");
  clearTimeout(timer);
  timer = setTimeout(() => {
    el.classList.remove("show");
    el.textContent = "";
  }, 2000);
}
