// A Unity component over the C# bindings (the guide's C#/Unity chapter shows this file): a
// Daifugo table that a tutorial computer plays, and the Daifugo tutorial's own step (the leader's
// hand split into melds, the melds that may follow the table) for any hand.
//
// In a Unity project: the native library under Assets/Plugins/, Cards.cs and this file under
// Assets/, the component on a GameObject. CI compiles this file with Mono against
// UnityStub.cs (the two UnityEngine names it uses) and runs it (Tests/UnityTests.cs).

using Cards;
using UnityEngine;

public class DaifugoTable : MonoBehaviour
{
    private Game game;
    private Player tutorial;

    // Unity calls Start once, before the first frame.
    public void Start()
    {
        game = Game.Open("daifugo", "tutorial", 7);
        tutorial = new Player("daifugo", "tutorial", 1);
    }

    // The tutorial's step for a hand: the split it leads from, and what may follow the table.
    public string[] Advise(string hand, string table)
    {
        string[] parts = Daifugo.Decompose("tutorial", hand);
        string[] follows = Daifugo.Follow("tutorial", hand, table);
        Debug.Log("split: " + string.Join(" | ", parts) + "; may follow " + table + ": " + string.Join(" | ", follows));
        return follows;
    }

    // One move of the game (from a button, or Update): the tutorial player chooses for the player
    // to act from that player's own observation. False once the game is over.
    public bool Step()
    {
        if (game.CurrentPlayer < 0)
        {
            return false;
        }
        uint id = tutorial.Play(game);
        Debug.Log("played " + game.ActionText(id));
        return true;
    }

    // What seat 0 (the person) sees: JSON with its own hand and nobody else's.
    public string Seen()
    {
        return game.ObservationJson(0);
    }

    // The points of each seat once the game is over.
    public double[] Points()
    {
        return game.Returns();
    }

    // Unity calls OnDestroy when the component goes: free the native handles.
    public void OnDestroy()
    {
        tutorial.Dispose();
        game.Dispose();
    }
}
