import { toast } from "./toast.js";

// copyText copies with the Clipboard API where the page is a secure context,
// and otherwise with a selected text area, which older phones still need.
async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "offscreen";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

// initCopyLinks turns each heading's link control into "copy the full URL of
// this section": organisers paste these links into chats.
export function initCopyLinks() {
  const body = document.body;
  document.addEventListener("click", async (ev) => {
    const a = ev.target.closest("a[data-copy-link]");
    if (!a) return;
    ev.preventDefault();
    const id = a.getAttribute("href").slice(1);
    const url = new URL(location.href);
    url.hash = id;
    history.replaceState(null, "", url.hash);
    const heading = document.getElementById(id);
    if (heading) {
      heading.classList.remove("flash");
      void heading.offsetWidth;
      heading.classList.add("flash");
    }
    try {
      await copyText(url.href);
      toast(body.dataset.copied || "Link copied");
    } catch {
      toast(body.dataset.copyFailed || "Could not copy");
    }
  });
}
