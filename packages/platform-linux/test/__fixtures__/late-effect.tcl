# A Tk window that shows the effect of a key 700 ms late (an app slowed by a busy machine): "x" changes the label
# after a pause; other keys change nothing.
option add *Font {Helvetica 16}
wm title . "Late effect"
wm geometry . 400x160+0+0
label .l -text "waiting for x"
pack .l -padx 20 -pady 40
bind . <KeyPress-x> { after 700 { .l configure -text "x arrived late" } }
focus -force .
