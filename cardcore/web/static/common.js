// What every page shares: a JSON request that turns a refusal (4xx) into an Error with the server's message
// (and `confirm` when the message is a question to confirm, as before a standing action that asks it).
"use strict";
async function api(method, path, body) {
  const options = {method, headers: {"Content-Type": "application/json"}};
  if (body !== undefined) options.body = JSON.stringify(body);
  let response;
  try {
    response = await fetch(path, options);
  } catch (e) {  // no answer at all: the server was stopped, or the network is down
    throw new Error("The server does not answer: is cardcore serve still running?");
  }
  let data;
  try { data = await response.json(); } catch (e) { data = {error: response.statusText}; }
  if (!response.ok) {
    const refusal = new Error(data.error || response.statusText);
    refusal.confirm = data.confirm === true;  // a question: the same request, confirmed, is carried out
    refusal.notConfirmed = data.not_confirmed || "";  // what to say when it is answered no
    throw refusal;
  }
  return data;
}
