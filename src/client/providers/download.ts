// Starts the download of a URL the API handed out (a short-lived /upload/<id>?token= link), without leaving
// the page. One way for every export, template and report.
export function download(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
