-- Driven by bench/nvim-lsp-check.sh; uses only what Neovim 0.7 (Debian's package) has.
local root, file, fjdoctor = vim.env.PROJECT, vim.env.FILE, vim.env.FJDOCTOR

local function say(message)
  io.stdout:write(message .. '\n')
end

local function fail(message)
  say('FAIL: ' .. message)
  vim.cmd('cquit 1')
end

local function code_of(diagnostic)
  if diagnostic.code then
    return diagnostic.code
  end
  local lsp = diagnostic.user_data and diagnostic.user_data.lsp
  return lsp and lsp.code
end

local function fork_then_join(bufnr)
  for _, diagnostic in ipairs(vim.diagnostic.get(bufnr)) do
    if code_of(diagnostic) == 'fork-then-join' then
      return diagnostic
    end
  end
  return nil
end

vim.cmd('edit ' .. file)
local bufnr = vim.api.nvim_get_current_buf()
local started = vim.loop.now()
local client_id = vim.lsp.start_client({ name = 'fjdoctor', cmd = { fjdoctor, 'lsp' }, root_dir = root })
vim.lsp.buf_attach_client(bufnr, client_id)
say('nvim ' .. tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) .. ': started fjdoctor lsp on ' .. root)

if not vim.wait(300000, function() return fork_then_join(bufnr) ~= nil end, 100) then
  fail('no fork-then-join diagnostic within 300 s')
end
say(string.format('diagnostics after %d ms:', vim.loop.now() - started))
for _, diagnostic in ipairs(vim.diagnostic.get(bufnr)) do
  say(string.format('  Sum.java:%d:%d [%s] %s', diagnostic.lnum + 1, diagnostic.col + 1, code_of(diagnostic),
    diagnostic.message:gsub('\n.*', ''):sub(1, 90)))
end

local finding = fork_then_join(bufnr)
local params = {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  range = {
    start = { line = finding.lnum, character = finding.col },
    ['end'] = { line = finding.end_lnum, character = finding.end_col },
  },
  context = { diagnostics = {} },
}
local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 60000) or {}
local chosen
say('code actions:')
for _, response in pairs(responses) do
  for _, action in ipairs(response.result or {}) do
    say('  ' .. action.title)
    if not chosen and action.title:match('^SAFE: ') then
      chosen = action
    end
  end
end
if not chosen then
  fail('no SAFE code action')
end
vim.lsp.util.apply_workspace_edit(chosen.edit, 'utf-16')
vim.cmd('silent write')
say('applied "' .. chosen.title .. '" and saved')

started = vim.loop.now()
if not vim.wait(300000, function() return fork_then_join(bufnr) == nil end, 100) then
  fail('the fork-then-join diagnostic is still there after 300 s')
end
say(string.format('fork-then-join diagnostic gone after %d ms', vim.loop.now() - started))
local text = table.concat(vim.fn.readfile(file), '\n')
if not text:find('long rightSum = right.invoke();', 1, true) or text:find('right.fork();', 1, true) then
  fail('the file on disk does not have the fix:\n' .. text)
end
say('the file on disk has the fix: long rightSum = right.invoke();')
say('PASS')
vim.lsp.stop_client(client_id)
vim.cmd('qa!')
