// Placeholder: the page's helpers write this file.
