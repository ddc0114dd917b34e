"""The Lua scripts of the Redis store (companion.server.redis_store): Redis runs each one whole, so a lease's
claim, a fenced write and the change of the lobby's list that goes with it are never seen half done. The
store registers them when it starts, names their keys and passes their arguments.
"""

CLAIM = """
if redis.call('EXISTS', KEYS[3]) == 0 then return 0 end
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return -1 end
local t = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. t, 'PX', ARGV[2])
redis.call('SET', KEYS[4], ARGV[1])
return t
"""
# Many leases kept in one call. KEYS: lease, fence of each game in turn; ARGV: owner, milliseconds, then each
# game's token. Returns the positions (from 1) of the games that are no longer this owner's.
RENEW_MANY = """
local lost = {}
for i = 1, #KEYS / 2 do
  local lease, t = KEYS[2 * i - 1], ARGV[i + 2]
  local mine = ARGV[1] .. ':' .. t
  local cur = redis.call('GET', lease)
  if cur == mine then redis.call('PEXPIRE', lease, ARGV[2])
  elseif (not cur) and tonumber(redis.call('GET', KEYS[2 * i]) or '0') == tonumber(t) then
    redis.call('SET', lease, mine, 'PX', ARGV[2])
  else lost[#lost + 1] = i end
end
return lost
"""
# Claims in one call: the games asked for, then (with a cursor) a stretch of the lobby's list, taking every
# game that was held once (it has a fencing counter) whose lease is gone and whose last owner is not alive
# (its process died, or let the game go and stopped). A process that is only slow keeps saying it is alive
# from a thread of its own, so its games are not taken from under it while it catches up.
# The keys are made here from the prefix: one Redis, not a cluster. ARGV: prefix, owner, milliseconds,
# cursor ('' for none), count, then the ids asked for. Returns the next cursor, then id, token, id, token...
SWEEP = """
local p, owner, ms = ARGV[1], ARGV[2], ARGV[3]
local out = {'0'}
local function take(id)
  if redis.call('EXISTS', p .. 'game:' .. id) == 0 then return end
  -- never this process's own game: after an outage its lease ran out while it still holds the game, and
  -- its renewal takes the lease again under the same number; a claim here would fence the process out
  if redis.call('GET', p .. 'owner:' .. id) == owner then return end
  local lease = p .. 'lease:' .. id
  if redis.call('SET', lease, owner, 'NX', 'PX', ms) then
    local t = redis.call('INCR', p .. 'fence:' .. id)
    redis.call('SET', lease, owner .. ':' .. t, 'PX', ms)
    redis.call('SET', p .. 'owner:' .. id, owner)
    out[#out + 1] = id
    out[#out + 1] = t
  end
end
for i = 6, #ARGV do take(ARGV[i]) end
if ARGV[4] ~= '' then
  local scan = redis.call('HSCAN', p .. 'games', ARGV[4], 'COUNT', ARGV[5])
  out[1] = scan[1]
  local found = scan[2]
  for i = 1, #found, 2 do
    local id = found[i]
    if redis.call('EXISTS', p .. 'fence:' .. id) == 1 and redis.call('EXISTS', p .. 'lease:' .. id) == 0 then
      local last = redis.call('GET', p .. 'owner:' .. id)
      if (not last) or redis.call('EXISTS', p .. 'alive:' .. last) == 0 then take(id) end
    end
  end
end
return out
"""
RENEW = """
local cur = redis.call('GET', KEYS[1])
if cur == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if (not cur) and tonumber(redis.call('GET', KEYS[2]) or '0') == tonumber(ARGV[3]) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1
end
return 0
"""
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""
STREAM_MAX = 100_000  # changes of the lobby's list kept in its stream (a process further behind reads it whole)
# The lobby's list: a game's line changed ('-': unchanged, '': it leaves the list). KEYS[3] the list's hash,
# KEYS[7] its stream of changes, KEYS[8] the count of changes (a process that missed one reads the list whole).
LIST = """
local function list(id, line)
  if line == '-' then return end
  local cur = redis.call('HGET', KEYS[3], id)
  if line == '' then
    if not cur then return end
    redis.call('HDEL', KEYS[3], id)
  else
    if cur == line then return end
    redis.call('HSET', KEYS[3], id, line)
  end
  local n = redis.call('INCR', KEYS[8])
  redis.call('XADD', KEYS[7], 'MAXLEN', '~', '""" + str(STREAM_MAX) + """', '*', 'n', n, 'id', id, 'line', line)
end
"""
# A game taken off the lobby's list (a moderator removed it). ARGV: id.
UNLIST = LIST + """
list(ARGV[1], '')
return 1
"""
# A whole record as the next version (a new game's, token 0, or an owner's). ARGV: token, text, id, line.
WRITE = LIST + """
if tonumber(redis.call('GET', KEYS[1]) or '0') ~= tonumber(ARGV[1]) then return 0 end
if ARGV[1] == '0' and redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
redis.call('DEL', KEYS[6])
redis.call('INCR', KEYS[5])
redis.call('SET', KEYS[4], ARGV[1])
list(ARGV[3], ARGV[4])
return 1
"""
# One change of a held game: a snapshot (ARGV[3]) or a journal entry (ARGV[4]), as version ARGV[2], under
# token ARGV[1]; refused when fenced out or not newer than the stored version. ARGV[5] id, ARGV[6] line.
SAVE = LIST + """
if ARGV[1] == '0' or tonumber(redis.call('GET', KEYS[1]) or '0') ~= tonumber(ARGV[1]) then return 0 end
if tonumber(ARGV[2]) <= tonumber(redis.call('GET', KEYS[5]) or '0') then return 0 end
if ARGV[3] ~= '' then
  redis.call('SET', KEYS[2], ARGV[3])
  redis.call('DEL', KEYS[6])
else
  if redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
  redis.call('RPUSH', KEYS[6], ARGV[4])
end
redis.call('SET', KEYS[5], ARGV[2])
redis.call('SET', KEYS[4], ARGV[1])
list(ARGV[5], ARGV[6])
return 1
"""
# A save made while Redis was away, under token ARGV[1], as version ARGV[2]: taken if nobody wrote the game
# under a later token since (a later owner may have claimed it, and read it, but has not changed it) and it
# is newer than the stored version. Taken, every owner after it is fenced out, readers included (what they
# read is older): the counter moves past them and the lease goes; unless ARGV[6] is the newest claim, the
# caller's own, made to give this over before reading. KEYS[9]: the lease.
HAND_OVER = LIST + """
if tonumber(redis.call('GET', KEYS[4]) or '0') > tonumber(ARGV[1]) then return 0 end
if redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
if tonumber(ARGV[2]) <= tonumber(redis.call('GET', KEYS[5]) or '0') then return 0 end
redis.call('SET', KEYS[2], ARGV[3])
redis.call('DEL', KEYS[6])
redis.call('SET', KEYS[5], ARGV[2])
redis.call('SET', KEYS[4], ARGV[1])
list(ARGV[4], ARGV[5])
local newest = tonumber(redis.call('GET', KEYS[1]) or '0')
if not (ARGV[6] ~= '0' and tonumber(ARGV[6]) == newest) then
  redis.call('INCR', KEYS[1])
  redis.call('DEL', KEYS[9])
end
return 1
"""


# A game's snapshot, the version of its newest change, then its journal's entries, as of one moment. KEYS:
# game, ver, journal; ARGV: the last entry to read. An empty answer: no such game.
LOAD = """
local text = redis.call('GET', KEYS[1])
if not text then return {} end
local out = {text, redis.call('GET', KEYS[2]) or '0'}
local entries = redis.call('LRANGE', KEYS[3], 0, ARGV[1])
for i = 1, #entries do out[#out + 1] = entries[i] end
return out
"""
