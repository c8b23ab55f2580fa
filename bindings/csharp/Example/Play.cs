// Plays a whole game of each of the three games with a built-in player in every seat and prints
// the result, as crates/cards-ffi/examples/c/play.c does in C.
//
//   mcs -target:library -out:target/csharp/Cards.dll bindings/csharp/Cards/Cards.cs
//   mcs -r:target/csharp/Cards.dll -out:target/csharp/Play.exe bindings/csharp/Example/Play.cs
//   LD_LIBRARY_PATH=target/debug mono target/csharp/Play.exe [SEED]

using System;
using System.Globalization;
using Cards;

public static class Play
{
    public static int Main(string[] args)
    {
        ulong seed = args.Length > 0 ? ulong.Parse(args[0], CultureInfo.InvariantCulture) : 1;
        Console.WriteLine("cards " + Game.Version);
        PlayOne("doudizhu", "greedy", seed);
        PlayOne("daifugo", "tutorial", seed);
        PlayOne("kabu", "search", seed);
        using (Game game = Game.Open("kabu", "", seed))
        {
            try
            {
                game.Apply(0xffffffffu);
            }
            catch (CardsException e)
            {
                Console.WriteLine("refused (" + (int)e.Status + "): " + e.Message);
            }
        }
        return 0;
    }

    private static void PlayOne(string name, string policy, ulong seed)
    {
        using (Game game = Game.Open(name, "", seed))
        using (Player player = new Player(name, policy, seed, 200, -1, 1))
        {
            int actions = 0;
            while (game.CurrentPlayer >= 0)
            {
                player.Play(game);
                actions++;
            }
            double[] returns = game.Returns();
            double sum = 0;
            string shown = "";
            foreach (double r in returns)
            {
                shown += " " + r.ToString(CultureInfo.InvariantCulture);
                sum += r;
            }
            Console.WriteLine(string.Format(CultureInfo.InvariantCulture,
                "{0} seed {1}: {2} actions, returns{3} (sum {4})", name, seed, actions, shown, sum));
        }
    }
}
