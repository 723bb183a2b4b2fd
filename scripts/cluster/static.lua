-- The back-office's built files (vite build), served by HAProxy itself: the balancer is the one web server in
-- front of the API, so the page and the API share one origin (no CORS preflight before each call).
-- STATIC_LIST names a file listing the files (one path a line, relative to STATIC_ROOT); they are read once, at
-- HAProxy's start (a release restarts the balancer, or reloads it), so that no request ever waits on the disk.

local root = os.getenv("STATIC_ROOT")
local list = os.getenv("STATIC_LIST")
local files = {}

local types = {
  html = "text/html; charset=utf-8",
  js = "text/javascript; charset=utf-8",
  mjs = "text/javascript; charset=utf-8",
  css = "text/css; charset=utf-8",
  json = "application/json",
  webmanifest = "application/manifest+json",
  svg = "image/svg+xml",
  png = "image/png",
  ico = "image/x-icon",
  woff2 = "font/woff2",
  txt = "text/plain; charset=utf-8",
}

local function read(path)
  local handle = io.open(path, "rb")
  if not handle then return nil end
  local body = handle:read("a")
  handle:close()
  return body
end

core.register_init(function()
  for name in io.lines(list) do
    if name ~= "" then
      local body = read(root .. "/" .. name)
      if body then
        local extension = name:match("%.([%w]+)$") or ""
        -- Hashed names (assets/) never change: cached for a year; the rest is revalidated at each visit.
        local immutable = name:match("^assets/") ~= nil
        files["/" .. name] = {
          body = body,
          type = types[extension] or "application/octet-stream",
          cache = immutable and "public, max-age=31536000, immutable" or "no-cache",
        }
      end
    end
  end
end)

core.register_service("static", "http", function(applet)
  local path = applet.path
  local file = files[path]
  -- A screen's address (/signalements/12, /login) is the application's page, and /signaler or any address under it
  -- the citizens' page; a missing file is a 404.
  if not file and not path:match("%.[%w]+$") then
    if path == "/signaler" or path:sub(1, 10) == "/signaler/" then file = files["/signaler.html"] else file = files["/index.html"] end
  end
  if applet.method ~= "GET" and applet.method ~= "HEAD" then
    applet:set_status(405)
    applet:add_header("allow", "GET, HEAD")
    applet:add_header("content-length", "0")
    applet:start_response()
    return
  end
  if not file then
    local message = "Fichier introuvable."
    applet:set_status(404)
    applet:add_header("content-type", "text/plain; charset=utf-8")
    applet:add_header("content-length", tostring(#message))
    applet:start_response()
    if applet.method == "GET" then applet:send(message) end
    return
  end
  applet:set_status(200)
  applet:add_header("content-type", file.type)
  applet:add_header("content-length", tostring(#file.body))
  applet:add_header("cache-control", file.cache)
  applet:add_header("x-content-type-options", "nosniff")
  applet:start_response()
  if applet.method == "GET" then applet:send(file.body) end
end)
