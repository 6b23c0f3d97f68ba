// ForgeTrain
