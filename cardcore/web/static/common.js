// What every page shares: a JSON request that turns a refusal (4xx) into an Error with the server's message.
"use strict";
async function api(method, path, body) {
  const options = {method, headers: {"Content-Type": "application/json"}};
  if (body !== undefined) options.body = JSON.stringify(body);
  const response = await fetch(path, options);
  let data;
  try { data = await response.json(); } catch (e) { data = {error: response.statusText}; }
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}
