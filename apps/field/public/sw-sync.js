// Background sync (where the browser has it): when the network is back, the service worker asks every
// open page of the app to send its queue. The queue's items carry the agent's session, which lives in
// the page, so the sending itself stays in the page.
self.addEventListener('sync', (event) => {
  if (event.tag !== 'field-queue') return;
  event.waitUntil(self.clients.matchAll({ type: 'window' }).then((clients) => clients.forEach((client) => client.postMessage('sync-field-queue'))));
});
