// The C# bindings' tests, run under Mono with a tiny runner (no NuGet): each test is a method
// that throws on failure; the last line is "N passed, N failed".
//
//   mcs -r:target/csharp/Cards.dll -out:target/csharp/Tests.exe bindings/csharp/Tests/Tests.cs
//   LD_LIBRARY_PATH=target/debug mono target/csharp/Tests.exe

using System;
using System.Collections.Generic;
using System.Threading;
using Cards;

public static class Tests
{
    private static void Assert(bool condition, string what)
    {
        if (!condition)
        {
            throw new Exception("assertion failed: " + what);
        }
    }

    private static CardsException Refused(Action action)
    {
        try
        {
            action();
        }
        catch (CardsException e)
        {
            return e;
        }
        throw new Exception("expected a CardsException");
    }

    private static readonly string[][] Games =
    {
        new[] { "doudizhu", "greedy" },
        new[] { "daifugo", "tutorial" },
        new[] { "kabu", "house" },
    };

    private static double[] PlayToEnd(Game game, Player player)
    {
        int actions = 0;
        while (game.CurrentPlayer >= 0)
        {
            uint[] legal = game.LegalIds();
            uint id = player.Play(game);
            Assert(Array.IndexOf(legal, id) >= 0, "the chosen id " + id + " is legal");
            Assert(++actions < 10000, "the game ends");
        }
        return game.Returns();
    }

    public static void WholeGamesEndWithTheRulesReturns()
    {
        foreach (string[] g in Games)
        {
            using (Game game = Game.Open(g[0], "", 5))
            using (Player player = new Player(g[0], g[1], 5))
            {
                double[] returns = PlayToEnd(game, player);
                Assert(game.IsOver, g[0] + " is over");
                Assert(returns.Length == game.NumPlayers, g[0] + ": a return per player");
                double sum = 0;
                foreach (double r in returns)
                {
                    sum += r;
                }
                double fixedSum = game.ReturnsSum();
                Assert(double.IsNaN(fixedSum) || Math.Abs(sum - fixedSum) < 1e-9,
                    g[0] + ": returns sum to " + sum + ", the rules say " + fixedSum);
                using (Game replayed = Game.FromRecord(g[0], game.RecordJson()))
                {
                    Assert(replayed.IsOver, g[0] + ": the record replays to the end");
                    double[] again = replayed.Returns();
                    for (int p = 0; p < returns.Length; p++)
                    {
                        Assert(again[p] == returns[p], g[0] + ": the same returns after replay");
                    }
                }
            }
        }
    }

    public static void TheSameSeedPlaysAlike()
    {
        string[] records = new string[2];
        for (int i = 0; i < 2; i++)
        {
            using (Game game = Game.Open("daifugo", "uecda", 3))
            using (Player player = new Player("daifugo", "random", 8))
            {
                PlayToEnd(game, player);
                records[i] = game.RecordJson();
            }
        }
        Assert(records[0] == records[1], "the same record");
    }

    public static void AnIllegalIdIsRefusedWithItsNumber()
    {
        using (Game game = Game.Open("doudizhu", "", 1))
        {
            uint[] legal = game.LegalIds();
            uint illegal = 0;
            while (Array.IndexOf(legal, illegal) >= 0)
            {
                illegal++;
            }
            string before = game.RecordJson();
            CardsException e = Refused(() => game.Apply(illegal));
            Assert(e.Status == Status.IllegalAction, "status " + e.Status);
            Assert(e.Message.Contains("action id " + illegal + " "), e.Message);
            Assert(game.RecordJson() == before, "the game unchanged");
        }
    }

    public static void AFinishedGameRefusesActions()
    {
        using (Game game = Game.Open("kabu", "", 2))
        using (Player player = new Player("kabu", "house", 2))
        {
            PlayToEnd(game, player);
            CardsException e = Refused(() => player.Choose(game));
            Assert(e.Status == Status.GameOver, "status " + e.Status);
            Assert(e.Message == "the kabu game is over: no player is to act", e.Message);
        }
    }

    public static void TextIsUtf8BothWays()
    {
        CardsException e = Refused(() => Game.Open("大富豪", "", 1));
        Assert(e.Status == Status.InvalidArgument, "status " + e.Status);
        Assert(e.Message.StartsWith("unknown game \"大富豪\""), e.Message);
        using (Game game = Game.Open("daifugo", "", 1))
        {
            string[] texts = game.LegalTexts();
            string suited = Array.Find(texts, t => t.Contains("♦") || t.Contains("♠"));
            Assert(suited != null, "a legal meld written with suits");
            uint id = game.Apply(suited);
            Assert(game.ActionText(id).Length > 0, "its id has a text");
        }
    }

    public static void PlayerZeroSeesNoOtherHand()
    {
        using (Game game = Game.Open("daifugo", "", 1))
        {
            string record = game.RecordJson();
            int start = record.IndexOf("\"hands\":[") + "\"hands\":".Length;
            string[] hands = Json.StringArray(record.Substring(start, record.IndexOf(']', start) - start + 1));
            Assert(hands.Length == 5, "five hands");
            string seen = game.ObservationJson(0);
            Assert(seen.Contains("\"hand\":\"" + hands[0] + "\""), seen);
            for (int p = 1; p < 5; p++)
            {
                foreach (string card in hands[p].Split(' '))
                {
                    Assert(!seen.Contains(card), "player " + p + "'s " + card + " in " + seen);
                }
            }
            CardsException e = Refused(() => game.ObservationJson(5));
            Assert(e.Status == Status.InvalidArgument, "status " + e.Status);
        }
    }

    public static void ADisposedGameIsRefused()
    {
        Game game = Game.Open("kabu", "", 1);
        game.Dispose();
        try
        {
            int p = game.CurrentPlayer;
            throw new Exception("a disposed game answered " + p);
        }
        catch (ObjectDisposedException)
        {
        }
    }

    public static void PlayersAreCheckedByNameOptionsAndGame()
    {
        CardsException e = Refused(() => new Player("kabu", "clever", 1));
        Assert(e.Status == Status.InvalidArgument && e.Message.Contains("house"), e.Message);
        e = Refused(() => new Player("doudizhu", "search", 1, 0));
        Assert(e.Message == "playouts must be at least 1 (or unset, for the player's default)", e.Message);
        using (Player kabu = new Player("kabu", "house", 1))
        using (Game daifugo = Game.Open("daifugo", "", 1))
        {
            e = Refused(() => kabu.Choose(daifugo));
            Assert(e.Status == Status.WrongGame, "status " + e.Status);
        }
    }

    public static void AClonedGameGoesItsOwnWay()
    {
        using (Game game = Game.Open("kabu", "", 4))
        using (Game copy = game.Clone())
        {
            copy.Apply(copy.LegalIds()[0]);
            Assert(copy.RecordJson() != game.RecordJson(), "the copy moved alone");
            Assert(game.Name == "kabu" && game.Rules == "default", game.Name + " " + game.Rules);
        }
    }

    public static void ThePlayerMayBeSharedBetweenThreads()
    {
        using (Player player = new Player("kabu", "house", 1))
        {
            double[][] results = new double[2][];
            Thread[] threads = new Thread[2];
            for (int t = 0; t < 2; t++)
            {
                int k = t;
                threads[t] = new Thread(() =>
                {
                    using (Game game = Game.Open("kabu", "", (ulong)(10 + k)))
                    {
                        results[k] = PlayToEnd(game, player);
                    }
                });
                threads[t].Start();
            }
            foreach (Thread t in threads)
            {
                t.Join();
            }
            Assert(results[0] != null && results[1] != null, "both games played");
        }
    }

    public static void TheSeedsRuleFunctionsAnswer()
    {
        string[] parts = Daifugo.Decompose("tutorial", "S3 S4 S5 D5 D10 C10 H10 SK DK SA S2");
        Assert(parts.Length > 0 && parts[0] == "S3 S4 S5", "the run first: " + string.Join(" | ", parts));
        string[] follows = Daifugo.Follow("tutorial", "S3 S4 S5 D5 D10 C10 H10 SK DK SA S2", "D6");
        Assert(Array.IndexOf(follows, "S2") >= 0 && Array.IndexOf(follows, "S3") < 0, string.Join(" | ", follows));
        string kuppin = Kabu.EvaluateJson("", "SA S9", "dealer");
        Assert(kuppin.Contains("\"yaku\":\"kuppin\""), kuppin);
        string moves = DouDizhu.MovesJson("", "3456789", "34567");
        Assert(moves.Contains("\"45678\"") && moves.Contains("\"56789\""), moves);
        CardsException e = Refused(() => DouDizhu.ClassifyJson("", "34"));
        Assert(e.Status == Status.InvalidArgument && e.Message.StartsWith("cards \"34\""), e.Message);
    }

    public static int Main()
    {
        List<KeyValuePair<string, Action>> tests = new List<KeyValuePair<string, Action>>();
        foreach (var m in typeof(Tests).GetMethods())
        {
            if (m.IsStatic && m.IsPublic && m.ReturnType == typeof(void) && m.GetParameters().Length == 0)
            {
                var method = m;
                tests.Add(new KeyValuePair<string, Action>(m.Name, () => method.Invoke(null, null)));
            }
        }
        int passed = 0, failed = 0;
        foreach (var test in tests)
        {
            try
            {
                test.Value();
                passed++;
                Console.WriteLine("ok     " + test.Key);
            }
            catch (Exception e)
            {
                failed++;
                Exception inner = e.InnerException ?? e;
                Console.WriteLine("FAILED " + test.Key + ": " + inner.GetType().Name + ": " + inner.Message);
            }
        }
        Console.WriteLine(passed + " passed, " + failed + " failed");
        return failed == 0 && passed > 0 ? 0 : 1;
    }
}
