// Runs the guide's Unity component (DaifugoTable.cs) under Mono, its UnityEngine names stood in
// by UnityStub.cs, as Unity would call it: Start, the tutorial's advice, steps to the end of the
// game, OnDestroy. Exit status 0 when every check holds.
//
//   mcs -r:target/csharp/Cards.dll -out:target/csharp/UnityTests.exe \
//       bindings/csharp/Unity/DaifugoTable.cs bindings/csharp/Unity/UnityStub.cs \
//       bindings/csharp/Unity/UnityTests.cs
//   LD_LIBRARY_PATH=target/debug mono target/csharp/UnityTests.exe

using System;
using System.Linq;

public static class UnityTests
{
    private static void Check(bool condition, string what)
    {
        if (!condition)
        {
            throw new Exception("check failed: " + what);
        }
    }

    public static int Main()
    {
        try
        {
            DaifugoTable table = new DaifugoTable();
            table.Start();

            // the tutorial's step: a 2 beats the 6 on the table, a 3 does not
            string[] follows = table.Advise("S3 S4 S5 D5 D10 C10 H10 SK DK SA S2", "D6");
            Check(follows.Contains("S2") && !follows.Contains("S3"), string.Join(" | ", follows));
            Check(UnityEngine.Debug.Lines[0].StartsWith("split: S3 S4 S5 | ", StringComparison.Ordinal),
                UnityEngine.Debug.Lines[0]);

            // seat 0 sees its own hand
            string seen = table.Seen();
            Check(seen.Contains("\"hand\""), seen);

            // the whole game, one Step a frame
            int steps = 0;
            while (table.Step())
            {
                steps++;
                Check(steps < 10000, "the game ends");
            }
            double[] points = table.Points();
            Check(points.Length == 5, "five seats, got " + points.Length);
            Check(UnityEngine.Debug.Lines.Count(l => l.StartsWith("played ", StringComparison.Ordinal)) == steps,
                "a line a step");
            table.OnDestroy();
            Console.WriteLine("Unity component: a game of " + steps + " steps, points " + string.Join(" ", points));
            return 0;
        }
        catch (Exception e)
        {
            Console.WriteLine("FAILED: " + e.Message);
            return 1;
        }
    }
}
