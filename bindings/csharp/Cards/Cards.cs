// C# bindings of the cards rule engines (Dou Dizhu, Daifugo, Kabu) over their C ABI
// (crates/cards-ffi, the native library `cards_ffi`: libcards_ffi.so, libcards_ffi.dylib,
// cards_ffi.dll). Plain P/Invoke: no package beyond the base class library, so it builds with
// Mono's mcs, .NET and Unity alike.
//
// Thread-safety: a Game is not locked: use it from one thread at a time (it may be disposed, or
// finalized, on any thread). A Player may be shared between threads.

using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;

namespace Cards
{
    /// <summary>The status codes of the C ABI (CARDS_OK, CARDS_ERROR_*).</summary>
    public enum Status
    {
        Ok = 0,
        NullPointer = 1,
        InvalidUtf8 = 2,
        InvalidArgument = 3,
        IllegalAction = 4,
        GameOver = 5,
        BufferTooSmall = 6,
        WrongGame = 7,
        BadRecord = 8,
        InternalError = 9,
    }

    /// <summary>A call the native library refused: its status and its message.</summary>
    public class CardsException : Exception
    {
        /// <summary>The status code the library returned.</summary>
        public Status Status { get; private set; }

        public CardsException(Status status, string message) : base(message)
        {
            Status = status;
        }
    }

    /// <summary>A native game handle, freed by cards_game_free.</summary>
    public sealed class GameHandle : SafeHandle
    {
        public GameHandle() : base(IntPtr.Zero, true)
        {
        }

        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        protected override bool ReleaseHandle()
        {
            Native.cards_game_free(handle);
            return true;
        }
    }

    /// <summary>A native player handle, freed by cards_player_free.</summary>
    public sealed class PlayerHandle : SafeHandle
    {
        public PlayerHandle() : base(IntPtr.Zero, true)
        {
        }

        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        protected override bool ReleaseHandle()
        {
            Native.cards_player_free(handle);
            return true;
        }
    }

    /// <summary>The C functions, as declared in crates/cards-ffi/include/cards.h. Text goes in
    /// as NUL-terminated UTF-8 bytes and comes out as an owned pointer freed by
    /// cards_string_free.</summary>
    public static class Native
    {
        public const string Library = "cards_ffi";

        [DllImport(Library)] public static extern IntPtr cards_version();
        [DllImport(Library)] public static extern IntPtr cards_last_error();
        [DllImport(Library)] public static extern void cards_string_free(IntPtr s);
        [DllImport(Library)] public static extern int cards_games_json(out IntPtr json);
        [DllImport(Library)] public static extern int cards_game_new(byte[] name, byte[] rules, ulong seed, out GameHandle game);
        [DllImport(Library)] public static extern int cards_game_from_record(byte[] name, byte[] record, out GameHandle game);
        [DllImport(Library)] public static extern int cards_game_clone(GameHandle game, out GameHandle copy);
        [DllImport(Library)] public static extern void cards_game_free(IntPtr game);
        [DllImport(Library)] public static extern int cards_game_name(GameHandle game, out IntPtr name);
        [DllImport(Library)] public static extern int cards_game_rules(GameHandle game, out IntPtr rules);
        [DllImport(Library)] public static extern int cards_game_num_players(GameHandle game, out uint n);
        [DllImport(Library)] public static extern int cards_game_current_player(GameHandle game, out int player);
        [DllImport(Library)] public static extern int cards_game_is_over(GameHandle game, out int over);
        [DllImport(Library)] public static extern int cards_game_num_actions(GameHandle game, out uint n);
        [DllImport(Library)] public static extern int cards_game_legal_ids(GameHandle game, [Out] uint[] buf, UIntPtr capacity, out UIntPtr length);
        [DllImport(Library)] public static extern int cards_game_legal_texts_json(GameHandle game, out IntPtr json);
        [DllImport(Library)] public static extern int cards_game_action_text(GameHandle game, uint id, out IntPtr text);
        [DllImport(Library)] public static extern int cards_game_apply_id(GameHandle game, uint id);
        [DllImport(Library)] public static extern int cards_game_apply_text(GameHandle game, byte[] action, out uint id);
        [DllImport(Library)] public static extern int cards_game_observation_json(GameHandle game, uint player, out IntPtr json);
        [DllImport(Library)] public static extern int cards_game_returns(GameHandle game, [Out] double[] buf, UIntPtr capacity, out UIntPtr length);
        [DllImport(Library)] public static extern int cards_game_returns_sum(GameHandle game, out double sum);
        [DllImport(Library)] public static extern int cards_game_record_json(GameHandle game, out IntPtr json);
        [DllImport(Library)] public static extern int cards_player_new(byte[] game, byte[] policy, ulong seed, long playouts, long thinkMs, int threads, out PlayerHandle player);
        [DllImport(Library)] public static extern void cards_player_free(IntPtr player);
        [DllImport(Library)] public static extern int cards_player_choose(PlayerHandle player, GameHandle game, out uint id);
        [DllImport(Library)] public static extern int cards_player_play(PlayerHandle player, GameHandle game, out uint id);
        [DllImport(Library)] public static extern int cards_daifugo_decompose(byte[] rules, byte[] hand, int revolution, out IntPtr json);
        [DllImport(Library)] public static extern int cards_daifugo_follow(byte[] rules, byte[] hand, byte[] table, int revolution, int elevenBack, int locked, out IntPtr json);
        [DllImport(Library)] public static extern int cards_kabu_evaluate(byte[] rules, byte[] hand, byte[] role, out IntPtr json);
        [DllImport(Library)] public static extern int cards_doudizhu_classify(byte[] rules, byte[] cards, out IntPtr json);
        [DllImport(Library)] public static extern int cards_doudizhu_moves(byte[] rules, byte[] hand, byte[] table, out IntPtr json);

        /// <summary>Text as NUL-terminated UTF-8.</summary>
        public static byte[] Utf8(string text)
        {
            if (text == null)
            {
                throw new ArgumentNullException("text");
            }
            int n = Encoding.UTF8.GetByteCount(text);
            byte[] bytes = new byte[n + 1];
            Encoding.UTF8.GetBytes(text, 0, text.Length, bytes, 0);
            return bytes;
        }

        /// <summary>The NUL-terminated UTF-8 text at p (not freed).</summary>
        public static string Read(IntPtr p)
        {
            if (p == IntPtr.Zero)
            {
                return null;
            }
            int n = 0;
            while (Marshal.ReadByte(p, n) != 0)
            {
                n++;
            }
            byte[] bytes = new byte[n];
            Marshal.Copy(p, bytes, 0, n);
            return Encoding.UTF8.GetString(bytes);
        }

        /// <summary>The owned string at p, freed.</summary>
        public static string Take(IntPtr p)
        {
            try
            {
                return Read(p);
            }
            finally
            {
                cards_string_free(p);
            }
        }

        /// <summary>Throws a CardsException with the library's message unless status is 0.</summary>
        public static void Check(int status)
        {
            if (status != 0)
            {
                string message = Read(cards_last_error()) ?? "error " + status;
                throw new CardsException((Status)status, message);
            }
        }
    }

    /// <summary>A game of Dou Dizhu, Daifugo or Kabu in some position.</summary>
    public sealed class Game : IDisposable
    {
        private readonly GameHandle handle;

        private Game(GameHandle handle)
        {
            this.handle = handle;
        }

        /// <summary>A new game: name "doudizhu", "daifugo" or "kabu", rules a preset ("" for
        /// the default), seed the deal's seed.</summary>
        public static Game Open(string name, string rules, ulong seed)
        {
            GameHandle h;
            Native.Check(Native.cards_game_new(Native.Utf8(name), Native.Utf8(rules), seed, out h));
            return new Game(h);
        }

        /// <summary>The game a record (RecordJson) replays to.</summary>
        public static Game FromRecord(string name, string recordJson)
        {
            GameHandle h;
            Native.Check(Native.cards_game_from_record(Native.Utf8(name), Native.Utf8(recordJson), out h));
            return new Game(h);
        }

        /// <summary>The games, their presets and players, as JSON.</summary>
        public static string GamesJson()
        {
            IntPtr p;
            Native.Check(Native.cards_games_json(out p));
            return Native.Take(p);
        }

        /// <summary>The native library's version.</summary>
        public static string Version
        {
            get { return Native.Read(Native.cards_version()); }
        }

        internal GameHandle Handle
        {
            get { return handle; }
        }

        /// <summary>A copy in the same position.</summary>
        public Game Clone()
        {
            GameHandle h;
            Native.Check(Native.cards_game_clone(handle, out h));
            return new Game(h);
        }

        public string Name
        {
            get { IntPtr p; Native.Check(Native.cards_game_name(handle, out p)); return Native.Take(p); }
        }

        public string Rules
        {
            get { IntPtr p; Native.Check(Native.cards_game_rules(handle, out p)); return Native.Take(p); }
        }

        public int NumPlayers
        {
            get { uint n; Native.Check(Native.cards_game_num_players(handle, out n)); return (int)n; }
        }

        /// <summary>The player to act, -1 once the game is over.</summary>
        public int CurrentPlayer
        {
            get { int p; Native.Check(Native.cards_game_current_player(handle, out p)); return p; }
        }

        public bool IsOver
        {
            get { int o; Native.Check(Native.cards_game_is_over(handle, out o)); return o != 0; }
        }

        /// <summary>The number of action ids under the game's rules.</summary>
        public int NumActions
        {
            get { uint n; Native.Check(Native.cards_game_num_actions(handle, out n)); return (int)n; }
        }

        /// <summary>The legal actions' ids, each once.</summary>
        public uint[] LegalIds()
        {
            UIntPtr n;
            int status = Native.cards_game_legal_ids(handle, null, UIntPtr.Zero, out n);
            if (status != (int)Status.BufferTooSmall)
            {
                Native.Check(status);
            }
            uint[] ids = new uint[(int)n.ToUInt64()];
            Native.Check(Native.cards_game_legal_ids(handle, ids, new UIntPtr((ulong)ids.Length), out n));
            return ids;
        }

        /// <summary>The legal actions as text, each read back by Apply(string).</summary>
        public string[] LegalTexts()
        {
            IntPtr p;
            Native.Check(Native.cards_game_legal_texts_json(handle, out p));
            return Json.StringArray(Native.Take(p));
        }

        /// <summary>The text of action id id.</summary>
        public string ActionText(uint id)
        {
            IntPtr p;
            Native.Check(Native.cards_game_action_text(handle, id, out p));
            return Native.Take(p);
        }

        /// <summary>Applies the legal action of id id.</summary>
        public void Apply(uint id)
        {
            Native.Check(Native.cards_game_apply_id(handle, id));
        }

        /// <summary>Applies the action written text; its id.</summary>
        public uint Apply(string text)
        {
            uint id;
            Native.Check(Native.cards_game_apply_text(handle, Native.Utf8(text), out id));
            return id;
        }

        /// <summary>What player sees, as JSON: no card it may not see.</summary>
        public string ObservationJson(int player)
        {
            if (player < 0)
            {
                throw new ArgumentOutOfRangeException("player");
            }
            IntPtr p;
            Native.Check(Native.cards_game_observation_json(handle, (uint)player, out p));
            return Native.Take(p);
        }

        /// <summary>Every player's return (0 before the end).</summary>
        public double[] Returns()
        {
            UIntPtr n;
            int status = Native.cards_game_returns(handle, null, UIntPtr.Zero, out n);
            if (status != (int)Status.BufferTooSmall)
            {
                Native.Check(status);
            }
            double[] returns = new double[(int)n.ToUInt64()];
            Native.Check(Native.cards_game_returns(handle, returns, new UIntPtr((ulong)returns.Length), out n));
            return returns;
        }

        /// <summary>The sum the returns add up to at the end under these rules; NaN when the
        /// rules fix none.</summary>
        public double ReturnsSum()
        {
            double sum;
            Native.Check(Native.cards_game_returns_sum(handle, out sum));
            return sum;
        }

        /// <summary>The record so far as JSON (every card shown), read back by FromRecord.</summary>
        public string RecordJson()
        {
            IntPtr p;
            Native.Check(Native.cards_game_record_json(handle, out p));
            return Native.Take(p);
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }

    /// <summary>A built-in player of one game by name ("random", "search", ...).</summary>
    public sealed class Player : IDisposable
    {
        private readonly PlayerHandle handle;

        /// <summary>The player policy of game, seeded; playouts and thinkMs budget a search
        /// (-1: the player's default), threads its threads (-1: the default).</summary>
        public Player(string game, string policy, ulong seed, long playouts = -1, long thinkMs = -1, int threads = -1)
        {
            PlayerHandle h;
            Native.Check(Native.cards_player_new(Native.Utf8(game), Native.Utf8(policy), seed, playouts, thinkMs, threads, out h));
            handle = h;
        }

        /// <summary>The id of the action this player chooses for the player to act.</summary>
        public uint Choose(Game game)
        {
            uint id;
            Native.Check(Native.cards_player_choose(handle, game.Handle, out id));
            return id;
        }

        /// <summary>Chooses for the player to act and applies the action; its id.</summary>
        public uint Play(Game game)
        {
            uint id;
            Native.Check(Native.cards_player_play(handle, game.Handle, out id));
            return id;
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }

    /// <summary>Daifugo's rule functions: the seed's decomposition and the legal melds.</summary>
    public static class Daifugo
    {
        /// <summary>The greedy decomposition of a leader's hand (sequences, groups, singles),
        /// melds in ASCII; rules "uecda" or "tutorial" ("" for "uecda").</summary>
        public static string[] Decompose(string rules, string hand, bool revolution = false)
        {
            IntPtr p;
            Native.Check(Native.cards_daifugo_decompose(Native.Utf8(rules), Native.Utf8(hand), revolution ? 1 : 0, out p));
            return Json.StringArray(Native.Take(p));
        }

        /// <summary>Every meld of hand that beats table (every lead when table is "").</summary>
        public static string[] Follow(string rules, string hand, string table, bool revolution = false, bool elevenBack = false, bool locked = false)
        {
            IntPtr p;
            Native.Check(Native.cards_daifugo_follow(Native.Utf8(rules), Native.Utf8(hand), Native.Utf8(table),
                revolution ? 1 : 0, elevenBack ? 1 : 0, locked ? 1 : 0, out p));
            return Json.StringArray(Native.Take(p));
        }
    }

    /// <summary>Kabu's hand evaluation.</summary>
    public static class Kabu
    {
        /// <summary>The outcome of a two- or three-card hand for role "child" or "dealer", as
        /// JSON {"yaku", "points", "code", "multiplier", "payout", "label"}.</summary>
        public static string EvaluateJson(string rules, string hand, string role)
        {
            IntPtr p;
            Native.Check(Native.cards_kabu_evaluate(Native.Utf8(rules), Native.Utf8(hand), Native.Utf8(role), out p));
            return Native.Take(p);
        }
    }

    /// <summary>Dou Dizhu's classification and its lead and follow lists.</summary>
    public static class DouDizhu
    {
        /// <summary>Every reading of cards as one play, as JSON [{"cards", "kind", "text"}].</summary>
        public static string ClassifyJson(string rules, string cards)
        {
            IntPtr p;
            Native.Check(Native.cards_doudizhu_classify(Native.Utf8(rules), Native.Utf8(cards), out p));
            return Native.Take(p);
        }

        /// <summary>Every lead of hand (table ""), or every play that beats table, as JSON.</summary>
        public static string MovesJson(string rules, string hand, string table)
        {
            IntPtr p;
            Native.Check(Native.cards_doudizhu_moves(Native.Utf8(rules), Native.Utf8(hand), Native.Utf8(table), out p));
            return Native.Take(p);
        }
    }

    /// <summary>Just enough JSON to read the library's arrays of strings.</summary>
    public static class Json
    {
        /// <summary>A JSON array of strings, as the library writes one.</summary>
        public static string[] StringArray(string json)
        {
            List<string> items = new List<string>();
            int i = Skip(json, 0);
            Expect(json, i++, '[');
            i = Skip(json, i);
            if (i < json.Length && json[i] == ']')
            {
                return items.ToArray();
            }
            while (true)
            {
                i = Skip(json, i);
                string item;
                i = ReadString(json, i, out item);
                items.Add(item);
                i = Skip(json, i);
                if (i < json.Length && json[i] == ',')
                {
                    i++;
                    continue;
                }
                Expect(json, i, ']');
                return items.ToArray();
            }
        }

        /// <summary>The JSON string starting at i (a quote); the index after it.</summary>
        public static int ReadString(string json, int i, out string value)
        {
            Expect(json, i++, '"');
            StringBuilder sb = new StringBuilder();
            while (i < json.Length && json[i] != '"')
            {
                char c = json[i++];
                if (c != '\\')
                {
                    sb.Append(c);
                    continue;
                }
                if (i >= json.Length)
                {
                    break;
                }
                char e = json[i++];
                switch (e)
                {
                    case 'n': sb.Append('\n'); break;
                    case 't': sb.Append('\t'); break;
                    case 'r': sb.Append('\r'); break;
                    case 'b': sb.Append('\b'); break;
                    case 'f': sb.Append('\f'); break;
                    case 'u':
                        if (i + 4 > json.Length)
                        {
                            throw new FormatException("a \\u escape cut short");
                        }
                        sb.Append((char)Convert.ToInt32(json.Substring(i, 4), 16));
                        i += 4;
                        break;
                    default: sb.Append(e); break;
                }
            }
            Expect(json, i++, '"');
            value = sb.ToString();
            return i;
        }

        private static int Skip(string json, int i)
        {
            while (i < json.Length && char.IsWhiteSpace(json[i]))
            {
                i++;
            }
            return i;
        }

        private static void Expect(string json, int i, char c)
        {
            if (i >= json.Length || json[i] != c)
            {
                throw new FormatException("expected '" + c + "' at " + i + " in JSON");
            }
        }
    }
}
